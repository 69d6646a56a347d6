import { GOOGLE_START_FAILED_CODE, GOOGLE_START_FAILED_TEXT } from '@magotips/contracts/google-auth';
import { MSG } from '@magotips/contracts/messages';

/** SPEC.md §8: what /login?error=<code> says. The social sign-in callback (server and
 * /auth/callback) sends these codes; SPEC.md gives the exact words only for `underage` and
 * the fallback, the rest are ours. */
export const LOGIN_QUERY_ERRORS: Readonly<Record<string, string>> = {
  birthday_required:
    'Google no nos ha facilitado tu fecha de nacimiento y la necesitamos para confirmar que eres mayor de 21 años. Añádela en tu perfil de Google o regístrate con tu email.',
  underage: `${MSG.underage}...`,
  duplicate_email:
    'Este email ya está registrado. Inicia sesión con tu email y contraseña, o usa otra cuenta de Google.',
  validation_error:
    'Error de validación: los datos recibidos de Google no son válidos. Por favor, intenta de nuevo o regístrate con tu email.',
  google_auth_failed: 'Falló la autenticación con Google. Por favor, intenta de nuevo.',
  invalid_data: 'Los datos de autenticación recibidos no son válidos. Por favor, intenta de nuevo.',
  missing_data: 'Faltan datos de autenticación. Por favor, intenta de nuevo.',
  // The server could not even send the browser to Google (SPEC.md §8's start failure).
  [GOOGLE_START_FAILED_CODE]: GOOGLE_START_FAILED_TEXT,
};

export const LOGIN_QUERY_ERROR_FALLBACK = 'Error en la autenticación. Por favor, intenta de nuevo.';

export const LOGIN_FAILED_MESSAGE = 'Error al iniciar sesión. Verifica tus credenciales.';

export function loginQueryError(code: string | null): string | null {
  if (code === null) return null;
  return Object.hasOwn(LOGIN_QUERY_ERRORS, code)
    ? (LOGIN_QUERY_ERRORS[code] ?? LOGIN_QUERY_ERROR_FALLBACK)
    : LOGIN_QUERY_ERROR_FALLBACK;
}
