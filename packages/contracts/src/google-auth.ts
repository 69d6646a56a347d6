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

/** Where /api/auth/google sends the browser when the sign-in cannot even start (not configured,
 * the provider unreachable, too many attempts): /login shows SPEC.md §8's start text for it. */
export const GOOGLE_START_FAILED_CODE = 'google_start_failed';

/** SPEC.md §8: 'A failed start of social sign-in shows …'. */
export const GOOGLE_START_FAILED_TEXT =
  'Error iniciando autenticación con Google. Por favor, intenta de nuevo.';

/** When the one-time code of /auth/callback?code=… cannot be traded for a session. */
export const GOOGLE_CODE_INVALID_TEXT =
  'El acceso con Google ha caducado o no es válido en este navegador. Por favor, intenta de nuevo.';

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
  duplicate_email: 'Ya existe una cuenta con este email. Inicia sesión con tu email y contraseña.',
  validation_error:
    'Google no ha confirmado tu email. Verifícalo en tu cuenta de Google o regístrate con tu email.',
};
