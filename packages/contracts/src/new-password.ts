import { z } from 'zod';
import { dateOfBirthOn, PASSWORD_MIN, ZDateOfBirth, ZEmail } from './auth';
import { isCommonPassword } from './common-passwords';
import { MSG } from './messages';

// Every request that sets a password, and only those, lives here rather than in auth.ts: the
// common-password list comes with this file, so the landing, the login page and the other
// account forms never download it (docs/decisions/0017-security-headers-and-limits.md).

// An optional plus, a digit 1-9, then up to 15 more digits.
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

/** A password being chosen: at least PASSWORD_MIN characters and not a common one.
 * `tooShort` is the length text of the form it belongs to. */
function newPassword(tooShort: string) {
  return z
    .string({ error: tooShort })
    .min(PASSWORD_MIN, tooShort)
    .max(200)
    .refine((v) => !isCommonPassword(v), MSG.commonPassword);
}

/** Registration and reset. Login never checks the list (ZLoginRequest). */
export const ZNewPassword = newPassword(MSG.password);

/** POST /api/auth/register. The form adds confirmation and terms on top (ZRegisterForm). */
export const ZRegisterRequest = z.object({
  firstName: z.string({ error: MSG.firstName }).trim().min(2, MSG.firstName).max(50, MSG.firstName),
  lastName: z.string({ error: MSG.lastName }).trim().min(1, MSG.lastName).max(50, MSG.lastName),
  email: ZEmail,
  password: ZNewPassword,
  dateOfBirth: ZDateOfBirth,
  phone: z.string().trim().regex(PHONE_PATTERN, MSG.phone).optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterForm = ZRegisterRequest.extend({
  phone: z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN, MSG.phone)]).optional(),
  confirmPassword: z.string(),
  acceptTerms: z.literal(true, { error: MSG.termsRequired }),
  marketingOptIn: z.boolean().optional(),
}).refine((v) => v.password === v.confirmPassword, {
  message: MSG.passwordsMismatch,
  path: ['confirmPassword'],
});
export type TRegisterForm = z.input<typeof ZRegisterForm>;

/** ZRegisterRequest with the 21+ rule checked on `today()` (the server's clock). */
export function registerRequestOn(today: () => Date) {
  return ZRegisterRequest.extend({ dateOfBirth: dateOfBirthOn(today) });
}

/** POST /api/auth/reset-password: the link's token and the new password. */
export const ZResetPasswordRequest = z.object({
  token: z.string({ error: MSG.verifyTokenMissing }).trim().min(1, MSG.verifyTokenMissing).max(200),
  password: ZNewPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /api/auth/change-password. The current password is only compared, so any length goes. */
export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: MSG.currentPasswordRequired })
    .min(1, MSG.currentPasswordRequired)
    .max(200),
  newPassword: newPassword(MSG.newPasswordLength),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string(),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: MSG.passwordsMismatch,
  path: ['confirmPassword'],
});
