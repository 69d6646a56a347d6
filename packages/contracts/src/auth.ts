import { z } from 'zod';
import { isOldEnough, isValidBirthDate } from './age';
import { MSG } from './messages';
import { NEXT_MAX_LENGTH, safeNextPath } from './next-path';
import { ZUser } from './users';

export const PASSWORD_MIN = 6;
export const DELETE_CONFIRM_WORD = 'ELIMINAR';

// "text, an at sign, text, a dot, text" (SPEC.md §5).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ZEmail = z
  .string({ error: MSG.email })
  .trim()
  .max(254, MSG.email)
  .regex(EMAIL_PATTERN, MSG.email);

/** The length rule alone. A password being chosen (registration, reset, change) must also not
 * be a common one: ZNewPassword in new-password.ts, kept apart so the list loads only there. */
export const ZPassword = z.string({ error: MSG.password }).min(PASSWORD_MIN, MSG.password).max(200);

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The date of birth must be a real date and the person 21 or older on `today()`. The server
 * passes its own clock, so the rule and its tests do not depend on the machine's date. */
export function dateOfBirthOn(today: () => Date) {
  return (
    z
      .string({ error: MSG.dateOfBirthRequired })
      .trim()
      .min(1, MSG.dateOfBirthRequired)
      .regex(DATE_PATTERN, MSG.dateOfBirthRequired)
      // One message: not a date, or else too young. No `abort`: an explicit abort would also stop
      // the form's password-confirmation check, which must show at the same time (issue 13).
      .superRefine((v, ctx) => {
        if (!DATE_PATTERN.test(v)) return;
        if (!isValidBirthDate(v)) ctx.addIssue({ code: 'custom', message: MSG.dateOfBirthInvalid });
        else if (!isOldEnough(v, today())) ctx.addIssue({ code: 'custom', message: MSG.underage });
      })
  );
}

/** The date of birth must be a real date and the person 21 or older, today. */
export const ZDateOfBirth = dateOfBirthOn(() => new Date());

/** A page of this site to continue to after signing in (`/tip/…`): a relative path only,
 * judged by safeNextPath (next-path.ts), the one rule the web client uses too. */
export const ZNextPath = z
  .string({ error: MSG.nextPathInvalid })
  .max(NEXT_MAX_LENGTH, MSG.nextPathInvalid)
  .refine((value) => safeNextPath(value) !== null, MSG.nextPathInvalid)
  .transform((value) => safeNextPath(value) ?? '/');

/** Any password of up to 200 characters: existing accounts sign in whatever rule was in force
 * when they chose it (the common-password check applies to new passwords only). */
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

/** Confirming the e-mail signs in only the browser that registered the account (it holds the
 * registration's cookie): `signedIn: true` with the user and token, like a login. Anywhere else
 * the address is confirmed and nobody is signed in (decision 0082: no login CSRF through a
 * link). Both name the account confirmed, so the page can say whose it was. */
export const ZVerifyEmailResponse = z.discriminatedUnion('signedIn', [
  ZAuthResponse.extend({ signedIn: z.literal(true), message: z.string(), email: z.string() }),
  ZMessageResponse.extend({ signedIn: z.literal(false), email: z.string() }),
]);
export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>;

/** POST /api/auth/validate-reset-token: whether a reset link still works, asked when its page
 * opens (it spends nothing). */
export const ZResetTokenCheckRequest = z.object({
  token: z.string({ error: MSG.verifyTokenMissing }).trim().min(1, MSG.verifyTokenMissing).max(200),
});

export const ZEmailOnlyRequest = z.object({ email: ZEmail });

/** Resend the confirmation link; `next` rides in the new link as in the first one. */
export const ZResendVerificationRequest = z.object({ email: ZEmail, next: ZNextPath.optional() });
export type TResendVerificationRequest = z.input<typeof ZResendVerificationRequest>;

export const ZDeleteAccountRequest = z.object({
  confirm: z.literal(DELETE_CONFIRM_WORD, { error: MSG.deleteConfirm }),
  password: z.string({ error: MSG.password }).max(200).optional(),
});

export type TVerifyEmailRequest = z.infer<typeof ZVerifyEmailRequest>;
export type TEmailOnlyRequest = z.infer<typeof ZEmailOnlyRequest>;
export type TDeleteAccountRequest = z.infer<typeof ZDeleteAccountRequest>;

/** A password change ends every other session; the caller's own continues with this token. */
export const ZChangePasswordResponse = ZAuthResponse.extend({ message: z.string() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** What the e-mail links are good for (the server's token lifetimes). */
export const VERIFY_EMAIL_TOKEN_HOURS = 48;
export const RESET_PASSWORD_TOKEN_HOURS = 1;

/** The auth API's own Spanish answers (SPEC.md gives only the registration success text). */
export const AUTH_MESSAGES = {
  registered: '¡Registro exitoso! Revisa tu email para confirmar tu cuenta y activarla.',
  emailTaken: 'Ya existe una cuenta con este email.',
  emailSendFailed:
    'No pudimos enviarte el email de confirmación, así que tu cuenta no se ha creado. Inténtalo de nuevo en unos minutos.',
  emailVerified: '¡Email verificado! Tu cuenta ya está activa y has iniciado sesión.',
  emailVerifiedSignIn: 'Tu email está confirmado. Inicia sesión con tu contraseña.',
  verifyTokenInvalid:
    'El enlace de verificación no es válido o ya fue utilizado. Si ya confirmaste tu email, inicia sesión.',
  verifyTokenExpired:
    'El enlace de verificación ha caducado. Solicita uno nuevo desde la página de acceso.',
  invalidCredentials: 'Email o contraseña incorrectos.',
  emailNotVerified:
    'Debes confirmar tu email antes de iniciar sesión. Revisa tu bandeja de entrada o solicita un nuevo enlace de verificación.',
  verificationResent:
    'Si tu cuenta existe y aún no está confirmada, te hemos enviado un nuevo enlace de verificación. Revisa tu bandeja de entrada.',
  resetRequested:
    'Si existe una cuenta con ese email, te hemos enviado un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.',
  resetTokenInvalid: 'El enlace para restablecer la contraseña no es válido o ya fue utilizado.',
  resetTokenExpired: 'El enlace para restablecer la contraseña ha caducado. Solicita uno nuevo.',
  resetTokenValid: 'El enlace para restablecer la contraseña es válido.',
  passwordReset: 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.',
  passwordChanged: 'Tu contraseña se ha actualizado. Hemos cerrado tus demás sesiones.',
  currentPasswordWrong: 'La contraseña actual es incorrecta.',
  noPasswordSet:
    'Tu cuenta no tiene contraseña. Usa "¿Olvidaste tu contraseña?" en la página de acceso para crear una.',
  deletePasswordRequired: 'Escribe tu contraseña para confirmar la eliminación de tu cuenta.',
  deletePasswordWrong: 'La contraseña es incorrecta.',
  deleteActiveSubscription:
    'Tienes una suscripción con renovación automática. Cancela la renovación antes de eliminar tu cuenta.',
  accountDeleted: 'Tu cuenta y tus datos personales han sido eliminados.',
} as const;
