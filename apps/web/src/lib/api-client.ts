import { NETWORK_ERROR_MESSAGE, statusDefaultMessage } from '@magotips/contracts/http-errors';
import { ApiError } from './api-error';
import { readStored } from './storage';
import { STORAGE_KEYS } from './storage-keys';

export const INVALID_RESPONSE_MESSAGE = 'Respuesta inesperada del servidor.';

function field(payload: unknown, key: 'message' | 'code'): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const value = (payload as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * Calls `/api<path>`; every failure is an ApiError. The body is typed by the contract, not
 * parsed again here: the server already serialises every response through the same Zod
 * schema, and keeping Zod out of this module keeps it out of the landing's first download.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readStored(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled query is not a connection problem; TanStack Query needs the AbortError as is.
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }

  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    const serverMessage = field(payload, 'message')?.trim();
    throw new ApiError(
      response.status,
      serverMessage || statusDefaultMessage(response.status),
      field(payload, 'code'),
    );
  }

  if (typeof payload !== 'object' || payload === null) {
    throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, 'INVALID_RESPONSE');
  }
  return payload as T;
}
