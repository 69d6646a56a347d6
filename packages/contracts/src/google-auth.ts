// Plain constants, no Zod: the server's Google callback and the SPA's /auth/callback page both
// read them, and the page must stay small.
import { MSG } from './messages';

/** Codes the server puts in `/auth/callback?error=` (SPEC.md §2, social callback rules). */
export const GOOGLE_AUTH_ERROR_CODES = [
  'google_auth_failed',
  'birthday_required',
  'underage',
  'duplicate_email',
  'validation_error',
] as const;
export type GoogleAuthErrorCode = (typeof GOOGLE_AUTH_ERROR_CODES)[number];

/** SPEC.md: the callback reads birthday_required "when the message contains the
 * missing-birth-date text". The server's message starts with exactly this. */
export const MISSING_BIRTH_DATE_TEXT = 'Google no ha compartido tu fecha de nacimiento';

/** SPEC.md: the callback reads underage "when the message says older than 21"; the underage
 * message is MSG.underage, which contains this. */
export const OLDER_THAN_21_TEXT = 'mayor de 21';

/** The Spanish `message` sent with each code. The /login page shows its own text per code;
 * these reach a person only through logs or a client that reads the message. */
export const GOOGLE_AUTH_MESSAGES: Record<GoogleAuthErrorCode, string> = {
  google_auth_failed: 'Falló la autenticación con Google. Por favor, intenta de nuevo.',
  birthday_required: `${MISSING_BIRTH_DATE_TEXT}. La necesitamos para confirmar tu edad: hazla visible en tu perfil de Google o regístrate con tu email.`,
  underage: MSG.underage,
  duplicate_email:
    'Ya existe una cuenta con este email. Inicia sesión con tu email y contraseña.',
  validation_error:
    'Google no ha confirmado tu email. Verifícalo en tu cuenta de Google o regístrate con tu email.',
};
