import { z } from 'zod';
import { dateOfBirthOn, PASSWORD_MIN, ZDateOfBirth, ZEmail, ZNextPath } from './auth';
import { isCommonPassword } from './common-passwords';
import { ZCountry } from './locale-schemas';
import { MSG } from './messages';
import { normalizePhone, PHONE_PATTERN } from './phone';
import { ZTimeZone } from './locale-schemas';

// Every request that sets a password, and only those, lives here rather than in auth.ts: the
// common-password list comes with this file, so the landing, the login page and the other
// account forms never download it (docs/decisions/0017-security-headers-and-limits.md).

/** The phone after its separators are dropped ("600 12 34 56", "+34 600-123-456"), then
 * SPEC.md's rule (an optional plus, a digit 1-9, up to 15 more digits): what is stored and
 * sent is the normalised text. */
export const ZPhone = z
  .string({ error: MSG.phone })
  .max(40, MSG.phone)
  .transform(normalizePhone)
  .pipe(z.string().regex(PHONE_PATTERN, MSG.phone));

/** The form's optional phone: empty (or only separators) means none. */
const ZPhoneField = z
  .string({ error: MSG.phone })
  .max(40, MSG.phone)
  .transform(normalizePhone)
  .pipe(z.union([z.literal(''), z.string().regex(PHONE_PATTERN, MSG.phone)]));

/** A confirmation must match whatever else is wrong in the form, so both messages show at once
 * (Zod skips a refinement after an aborting issue elsewhere unless told when to run it). */
function confirmationMatches<K extends string>(field: K) {
  return {
    message: MSG.passwordsMismatch,
    path: ['confirmPassword'],
    when: (payload: { value: unknown }) => {
      const value = payload.value as Record<string, unknown> | undefined;
      return typeof value?.[field] === 'string' && typeof value.confirmPassword === 'string';
    },
  };
}

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
  phone: ZPhone.optional(),
  /** Where to go once the e-mail is confirmed; carried in the confirmation link. */
  next: ZNextPath.optional(),
  /** "Quiero recibir novedades…": stored as consent with its time; turns on e-mail alerts for
   * free tips (issue 15). Optional, so the spec's body still works. */
  acceptsNews: z.boolean().optional(),
  /** Issue 32 item 1: both default from the browser in the form; optional so the spec's body
   * still works (absent: ES and Europe/Madrid, or the zone's country, decision 0114). */
  country: ZCountry.optional(),
  timeZone: ZTimeZone.optional(),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterForm = ZRegisterRequest.omit({ next: true })
  .extend({
    phone: ZPhoneField.optional(),
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: MSG.termsRequired }),
    marketingOptIn: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, confirmationMatches('password'));
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

/** The reset page's form: the new password twice (the token travels in the link). */
export const ZResetPasswordForm = ZResetPasswordRequest.pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, confirmationMatches('password'));
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

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
}).refine((v) => v.newPassword === v.confirmPassword, confirmationMatches('newPassword'));
