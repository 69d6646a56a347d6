import type { TProfileUpdateRequest } from '@magotips/contracts/profile';
import type { TUser } from '@magotips/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type TProfileUpdateResponse = { user: TUser; message: string };

/** PATCH /api/auth/me (decision 0114): the country and zone; the answer carries the user as the
 * server now has them, and PROFILE_TEXT.saved. */
export function updateProfile(body: TProfileUpdateRequest): Promise<TProfileUpdateResponse> {
  return apiRequest<TProfileUpdateResponse>('/auth/me', { method: 'PATCH', body });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
