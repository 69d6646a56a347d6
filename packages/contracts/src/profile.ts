import { z } from 'zod';
import { ZCountry } from './locale-schemas';
import { ZTimeZone } from './locale-schemas';
import { ZUser } from './users';

// PATCH /api/auth/me (issue 32 item 1, decision 0114): what a reader may change of their own
// profile in /panel/cuenta. Name, e-mail and birth date stay as registered (SPEC.md).

export const PROFILE_TEXT = {
  saved: 'Preferencias guardadas.',
  empty: 'Indica el país o la zona horaria que quieres cambiar.',
} as const;

export const ZProfileUpdateRequest = z
  .object({ country: ZCountry.optional(), timeZone: ZTimeZone.optional() })
  .refine((v) => v.country !== undefined || v.timeZone !== undefined, PROFILE_TEXT.empty);
export type TProfileUpdateRequest = z.infer<typeof ZProfileUpdateRequest>;

/** PATCH /api/auth/me's answer: the account as it now stands, and the confirmation to show. */
export const ZProfileUpdateResponse = z.object({ user: ZUser, message: z.string() });
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;
