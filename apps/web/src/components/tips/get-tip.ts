import { NETWORK_ERROR_MESSAGE, statusDefaultMessage } from '@magotips/contracts/http-errors';
import type {
  TPublicTip,
  TTipDetailResponse,
  TTipLockedResponse,
  TTipRevision,
  TTipSignInResponse,
} from '@magotips/contracts/tips';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { readStored } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

export type TipDetailResult =
  | { kind: 'readable'; tip: TPublicTip; revisions: TTipRevision[] }
  | {
      kind: 'locked';
      message: string;
      tip: TTipLockedResponse['tip'];
      packs: TTipLockedResponse['packs'];
      /** The public history: results and corrections, VIP edits reserved (the proof issue). */
      revisions: TTipRevision[];
    }
  | {
      /** A visitor on a free tip: the card and its public history, the analysis after signing
       * in (decision 0089). */
      kind: 'sign-in';
      message: string;
      tip: TTipSignInResponse['tip'];
      revisions: TTipRevision[];
    };

function isLockedBody(payload: unknown): payload is TTipLockedResponse {
  if (typeof payload !== 'object' || payload === null) return false;
  const body = payload as Partial<TTipLockedResponse>;
  return (
    body.code === 'PREMIUM_REQUIRED' &&
    typeof body.tip === 'object' &&
    body.tip !== null &&
    Array.isArray(body.packs)
  );
}

function isSignInBody(payload: unknown): payload is TTipSignInResponse {
  if (typeof payload !== 'object' || payload === null) return false;
  const body = payload as Partial<TTipSignInResponse>;
  return body.code === 'SIGN_IN_REQUIRED' && typeof body.tip === 'object' && body.tip !== null;
}

function messageOf(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { message } = payload as { message?: unknown };
  return typeof message === 'string' && message.trim() ? message.trim() : undefined;
}

/**
 * GET /api/tips/{id}. Not through the shared apiRequest: its ApiError keeps only status, message
 * and code, while the 403 PREMIUM_REQUIRED body carries the tip card and the packs that hold it,
 * which the locked view needs, and the visitor's 401 SIGN_IN_REQUIRED the card and history. Headers, the network message and status defaults match apiRequest.
 */
export async function getTip(id: string, signal?: AbortSignal): Promise<TipDetailResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readStored(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(`/api/tips/${encodeURIComponent(id)}`, { headers, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  const payload: unknown = await response.json().catch(() => undefined);

  if (response.status === 403 && isLockedBody(payload)) {
    return {
      kind: 'locked',
      message: payload.message,
      tip: payload.tip,
      packs: payload.packs,
      revisions: Array.isArray(payload.revisions) ? payload.revisions : [],
    };
  }
  if (response.status === 401 && isSignInBody(payload)) {
    return {
      kind: 'sign-in',
      message: payload.message,
      tip: payload.tip,
      revisions: Array.isArray(payload.revisions) ? payload.revisions : [],
    };
  }
  if (!response.ok) {
    const code = (payload as { code?: unknown } | undefined)?.code;
    throw new ApiError(
      response.status,
      messageOf(payload) ?? statusDefaultMessage(response.status),
      typeof code === 'string' ? code : undefined,
    );
  }
  const body = payload as TTipDetailResponse | undefined;
  if (!body?.tip)
    throw new ApiError(response.status, statusDefaultMessage(500), 'INVALID_RESPONSE');
  // An older server sends no history: none to show rather than a failure.
  return {
    kind: 'readable',
    tip: body.tip,
    revisions: Array.isArray(body.revisions) ? body.revisions : [],
  };
}

export function tipQueryOptions(id: string, viewerId: string | null) {
  return queryOptions({
    // The answer depends on who asks (entitlement), so the viewer is part of the key.
    queryKey: ['tips', 'detail', id, viewerId ?? 'visitor'],
    queryFn: ({ signal }) => getTip(id, signal),
  });
}

export function useTip(id: string, viewerId: string | null, enabled = true) {
  return useQuery({ ...tipQueryOptions(id, viewerId), enabled });
}
