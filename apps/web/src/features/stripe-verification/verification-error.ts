import { statusDefaultMessage } from '@magotips/contracts/http-errors';
import { VERIFICATION_MSG } from '@magotips/contracts/verification';
import { ApiError } from '../../lib/api-error';

/**
 * The reason under a failed call's title (SPEC.md §8): the server's message, or
 * 'HTTP error! status: {code}' when it sent none. The shared client puts the status default in
 * place of a missing message, so that default is read as "none" here.
 */
export function verificationErrorDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : undefined;
  if (error.status > 0 && error.message === statusDefaultMessage(error.status)) {
    return VERIFICATION_MSG.httpFallback(error.status);
  }
  return error.message;
}
