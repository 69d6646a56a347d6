import { z } from 'zod';
import { isOldEnough } from './age';
import { MSG } from './messages';
import { ZUser } from './users';

export const PASSWORD_MIN = 6;
export const DELETE_CONFIRM_WORD = 'ELIMINAR';

// "text, an at sign, text, a dot, text" (SPEC.md §5).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// An optional plus, a digit 1-9, then up to 15 more digits.
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export const ZEmail = z
  .string({ error: MSG.email })
  .trim()
  .max(254, MSG.email)
  .regex(EMAIL_PATTERN, MSG.email);

export const ZPassword = z.string({ error: MSG.password }).min(PASSWORD_MIN, MSG.password).max(200);

/** The date of birth must be a real date and the person 21 or older, today. */
export const ZDateOfBirth = z
  .string({ error: MSG.dateOfBirthRequired })
  .trim()
  .min(1, MSG.dateOfBirthRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.dateOfBirthRequired)
  .refine((v) => isOldEnough(v, new Date()), MSG.underage);

/** POST /api/auth/register. The form adds confirmation and terms on top (ZRegisterForm). */
export const ZRegisterRequest = z.object({
  firstName: z.string({ error: MSG.firstName }).trim().min(2, MSG.firstName).max(50, MSG.firstName),
  lastName: z.string({ error: MSG.lastName }).trim().min(1, MSG.lastName).max(50, MSG.lastName),
  email: ZEmail,
  password: ZPassword,
  dateOfBirth: ZDateOfBirth,
  phone: z
    .string()
    .trim()
    .regex(PHONE_PATTERN, MSG.phone)
    .optional(),
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

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ error: MSG.password }).min(1, MSG.password).max(200),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** Login, refresh and me_verify answer with the user and a fresh token. */
export const ZAuthResponse = z.object({
  success: z.literal(true),
  user: ZUser,
  token: z.string(),
});
export type TAuthResponse = z.infer<typeof ZAuthResponse>;

export const ZMessageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** Session lifetime and the client's renewal period (SPEC.md §9). */
export const TOKEN_TTL_SECONDS = 15 * 60;
export const TOKEN_REFRESH_MS = 300_000;

export const ZVerifyEmailRequest = z.object({
  token: z.string({ error: MSG.verifyTokenMissing }).trim().min(1, MSG.verifyTokenMissing).max(200),
});

export const ZEmailOnlyRequest = z.object({ email: ZEmail });

export const ZResetPasswordRequest = z.object({
  token: z.string({ error: MSG.verifyTokenMissing }).trim().min(1, MSG.verifyTokenMissing).max(200),
  password: ZPassword,
});

export const ZChangePasswordRequest = z.object({
  currentPassword: z.string({ error: MSG.password }).min(1, MSG.password).max(200),
  newPassword: z
    .string({ error: MSG.newPasswordLength })
    .min(PASSWORD_MIN, MSG.newPasswordLength)
    .max(200),
});

export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string(),
}).refine((v) => v.newPassword === v.confirmPassword, {
  message: MSG.passwordsMismatch,
  path: ['confirmPassword'],
});

export const ZDeleteAccountRequest = z.object({
  confirm: z.literal(DELETE_CONFIRM_WORD, { error: MSG.deleteConfirm }),
  password: z.string({ error: MSG.password }).max(200).optional(),
});
