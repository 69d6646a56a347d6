import { NETWORK_ERROR_MESSAGE } from '@magotips/contracts/http-errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/utils';
import { apiRequest, INVALID_RESPONSE_MESSAGE, setSessionExpiredHandler } from './api-client';
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

describe('apiRequest and an expired session', () => {
  function expire(status = 401, code = 'UNAUTHORIZED') {
    return stubFetch(async () => jsonResponse({ success: false, message: 'x', code }, status));
  }

  afterEach(() => setSessionExpiredHandler(null));

  it('tells the session handler when a call made with the token answers 401', async () => {
    window.localStorage.setItem('token', 'abc');
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    expire();

    await failure(apiRequest<Ok>('/things'));

    expect(handler).toHaveBeenCalledOnce();
  });

  it.each([
    ['a call without a token (sign-in)', { auth: false }, 'UNAUTHORIZED'],
    ['the start-up check, which handles its own answer', { expireSessionOn401: false }, 'UNAUTHORIZED'],
    ['a wrong password typed in the request', {}, 'INVALID_PASSWORD'],
    ['wrong credentials', {}, 'INVALID_CREDENTIALS'],
  ] as const)('leaves the session alone for %s', async (_case, options, code) => {
    window.localStorage.setItem('token', 'abc');
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    const fetchMock = expire(401, code);

    await failure(apiRequest<Ok>('/things', { ...options }));

    expect(handler).not.toHaveBeenCalled();
    if ('auth' in options) {
      expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).has('Authorization')).toBe(false);
    }
  });

  it('ignores a 401 for a token that has since been renewed', async () => {
    window.localStorage.setItem('token', 'old');
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    stubFetch(async () => {
      window.localStorage.setItem('token', 'renewed');
      return jsonResponse({ success: false, message: 'x', code: 'UNAUTHORIZED' }, 401);
    });

    await failure(apiRequest<Ok>('/things'));

    expect(handler).not.toHaveBeenCalled();
  });

  it('does not treat a 403 as an expired session', async () => {
    window.localStorage.setItem('token', 'abc');
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    expire(403, 'FORBIDDEN');

    await failure(apiRequest<Ok>('/things'));

    expect(handler).not.toHaveBeenCalled();
  });
});
