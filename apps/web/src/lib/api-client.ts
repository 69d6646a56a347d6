import {
  ERROR_CODES,
  NETWORK_ERROR_MESSAGE,
  statusDefaultMessage,
} from '@magotips/contracts/http-errors';
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
  /** false: never send the stored token (sign-in, registration and the e-mail links act for
   * whoever holds the form or the link, not for a session that may linger in storage). */
  auth?: boolean;
  /** false: a 401 is this call's own answer and the caller decides (the start-up check of a
   * stored session must not bounce a returning visitor from the landing to /login). */
  expireSessionOn401?: boolean;
};

// 401s that judge the password typed in this very request (wrong current password on the
// account page…), not the session: they must not sign the user out.
const CREDENTIAL_CODES: ReadonlySet<string> = new Set([
  ERROR_CODES.invalidCredentials,
  ERROR_CODES.invalidPassword,
  ERROR_CODES.passwordRequired,
  ERROR_CODES.noPassword,
]);

let onSessionExpired: (() => void) | null = null;

/** Who to tell when an authenticated call answers 401 (the session provider: it clears the
 * session and sends the user to /login). The client stays free of React and the router. */
export function setSessionExpiredHandler(handler: (() => void) | null): void {
  onSessionExpired = handler;
}

/**
 * Calls `/api<path>`; every failure is an ApiError. The body is typed by the contract, not
 * parsed again here: the server already serialises every response through the same Zod
 * schema, and keeping Zod out of this module keeps it out of the landing's first download.
 */
export async function apiRequest<T>(
  path: string,
  { method = 'GET', body, signal, auth = true, expireSessionOn401 = true }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = auth ? readStored(STORAGE_KEYS.token) : null;
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
    const code = field(payload, 'code');
    if (
      response.status === 401 &&
      token &&
      expireSessionOn401 &&
      !CREDENTIAL_CODES.has(code ?? '') &&
      // A call that raced a renewal (or a password change) was sent with a token that is no
      // longer the session's; its 401 says nothing about the session in storage now.
      readStored(STORAGE_KEYS.token) === token
    ) {
      onSessionExpired?.();
    }
    throw new ApiError(response.status, serverMessage || statusDefaultMessage(response.status), code);
  }

  if (typeof payload !== 'object' || payload === null) {
    throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, 'INVALID_RESPONSE');
  }
  return payload as T;
}
