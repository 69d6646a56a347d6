import type { TAuthResponse } from '@magotips/contracts/auth';
import { apiRequest } from '../../api-client';

/** POST /api/auth/refresh: trades a valid token for a fresh one (tokens live 15 minutes). */
export function refreshSession(): Promise<TAuthResponse> {
  return apiRequest<TAuthResponse>('/auth/refresh', { method: 'POST' });
}
