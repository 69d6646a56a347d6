import type { TAuthResponse, TLoginRequest } from '@magotips/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login. 401: wrong e-mail or password; 403 EMAIL_NOT_VERIFIED. */
export function login(body: TLoginRequest): Promise<TAuthResponse> {
  return apiRequest<TAuthResponse>('/auth/login', { method: 'POST', body, auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
