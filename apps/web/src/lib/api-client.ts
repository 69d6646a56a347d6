import { NETWORK_ERROR_MESSAGE, statusDefaultMessage } from '@magotips/contracts/http-errors';
import { z } from 'zod';
import { readStored } from './storage';

export const TOKEN_STORAGE_KEY = 'token';

/** Status 0 marks failures that never got an HTTP answer (network down, unreadable body). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, message: string, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export const INVALID_RESPONSE_MESSAGE = 'Respuesta inesperada del servidor.';

const ZErrorBody = z.object({
  message: z.string().optional(),
  code: z.string().optional(),
});

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls `/api<path>` and returns the body parsed by `schema`; every failure is an ApiError. */
export async function apiRequest<T>(
  path: string,
  schema: z.ZodType<T>,
  { method = 'GET', body, signal }: ApiRequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = readStored(TOKEN_STORAGE_KEY);
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
    const parsed = ZErrorBody.safeParse(payload);
    const serverMessage = parsed.success ? parsed.data.message?.trim() : undefined;
    throw new ApiError(
      response.status,
      serverMessage || statusDefaultMessage(response.status),
      parsed.success ? parsed.data.code : undefined,
    );
  }

  const result = schema.safeParse(payload);
  if (!result.success) {
    throw new ApiError(response.status, INVALID_RESPONSE_MESSAGE, 'INVALID_RESPONSE');
  }
  return result.data;
}
