import type { TMessageResponse } from '@magotips/contracts/auth';
import type { TRegisterRequest } from '@magotips/contracts/new-password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/register → 201. The account stays inactive until the e-mail is confirmed;
 * an e-mail already registered gets the same 201 (its owner is told by e-mail). */
export function register(body: TRegisterRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/register', { method: 'POST', body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
