import { statusDefaultMessage } from '@magotips/contracts/http-errors';
import { ApiError } from './api-error';

/**
 * What a form shows when its call fails: the server's own message when it sent one (SPEC.md
 * §8: it always wins), else the form's fallback ("Error al registrar. Intenta nuevamente.").
 * A lost connection and a rate limit keep their own texts: they tell the user what to do,
 * which the form's generic fallback would not.
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.status === 0 || error.status === 429) return error.message;
  return error.message === statusDefaultMessage(error.status) ? fallback : error.message;
}
