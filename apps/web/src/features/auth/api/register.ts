import type { TMessageResponse } from '@magotips/contracts/auth';
import type { TRegisterRequest } from '@magotips/contracts/new-password';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/register → 201. The account stays inactive until the e-mail is confirmed;
 * 409 EMAIL_TAKEN for an e-mail already registered. */
export function register(body: TRegisterRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/register', { method: 'POST', body, auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
