import { z } from 'zod';
import { isOldEnough } from './age';
import { MSG } from './messages';

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
