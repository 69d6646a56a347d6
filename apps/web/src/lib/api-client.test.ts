import { NETWORK_ERROR_MESSAGE } from '@magotips/contracts/http-errors';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/utils';
import { apiRequest, INVALID_RESPONSE_MESSAGE } from './api-client';
import { ApiError } from './api-error';

type Ok = { success: true; value: number };

function stubFetch(impl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('calls /api<path> and returns the JSON body', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ success: true, value: 3, extra: 'x' }));

    await expect(apiRequest<Ok>('/things')).resolves.toEqual({ success: true, value: 3, extra: 'x' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('sends JSON and the stored bearer token', async () => {
    window.localStorage.setItem('token', 'abc.def');
    const fetchMock = stubFetch(async () => jsonResponse({ success: true, value: 1 }));

    await apiRequest<Ok>('/things', { method: 'POST', body: { name: 'x' } });

    const [, init] = fetchMock.mock.calls[0]!;
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer abc.def');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"name":"x"}');
  });

  it('maps a 500 without message to the Spanish default', async () => {
    stubFetch(async () => new Response('', { status: 500 }));

    const error = await failure(apiRequest<Ok>('/things'));

    expect(error.status).toBe(500);
    expect(error.message).toBe('Error interno del servidor. Por favor, intenta más tarde.');
  });

  it("prefers the server's message and keeps its code", async () => {
    stubFetch(async () =>
      jsonResponse({ success: false, message: 'Pack no encontrado', code: 'NOT_FOUND' }, 404),
    );

    const error = await failure(apiRequest<Ok>('/things'));

    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Pack no encontrado' });
  });

  it('falls back to the generic text for a status without its own default', async () => {
    stubFetch(async () => jsonResponse({ success: false }, 418));

    const error = await failure(apiRequest<Ok>('/things'));

    expect(error.message).toBe('Error en la petición (418)');
  });

  it('maps a network failure to the connection message', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });

    const error = await failure(apiRequest<Ok>('/things'));

    expect(error.status).toBe(0);
    expect(error.message).toBe('Error de conexión con el servidor');
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('rejects a successful answer that is not a JSON object', async () => {
    stubFetch(async () => new Response('<html>proxy</html>', { status: 200 }));

    const error = await failure(apiRequest<Ok>('/things'));

    expect(error.message).toBe(INVALID_RESPONSE_MESSAGE);
  });

  it('lets a cancellation through untouched', async () => {
    const controller = new AbortController();
    const abort = new DOMException('Aborted', 'AbortError');
    stubFetch(async () => {
      controller.abort();
      throw abort;
    });

    await expect(apiRequest<Ok>('/things', { signal: controller.signal })).rejects.toBe(abort);
  });
});
