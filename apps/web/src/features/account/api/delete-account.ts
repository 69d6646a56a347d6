import type { TDeleteAccountRequest, TMessageResponse } from '@magotips/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/auth/me { confirm: 'ELIMINAR', password }: erases the account's personal data. */
export function deleteAccount(body: TDeleteAccountRequest): Promise<TMessageResponse> {
  return apiRequest<TMessageResponse>('/auth/me', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
