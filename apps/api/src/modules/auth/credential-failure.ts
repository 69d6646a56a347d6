import { createHmac } from 'node:crypto';
import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import type { FastifyRequest, onErrorAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error';
import { markAuthFailureLogged } from '../../plugins/error-handler';
import { byBodyEmail } from '../../plugins/rate-limit';

/** Why a sign-in or a password confirmation was refused. The caller gets the same answer for
 * the first three (nothing tells which addresses have an account); only the log tells them apart. */
export type CredentialFailureReason =
  'unknown_email' | 'no_password' | 'wrong_password' | 'email_not_verified' | 'rate_limited';

/** A refused sign-in or password confirmation: an ordinary AppError for the client and the error
 * handler, carrying the reason and the account (when there is one) for the security log. */
export class CredentialFailure extends AppError {
  constructor(
    readonly reason: Exclude<CredentialFailureReason, 'rate_limited'>,
    readonly userId: string | null,
    code: string,
    status: number,
    message: string,
  ) {
    super(code, status, message);
    this.name = 'CredentialFailure';
  }
}

/** One answer for an unknown e-mail, an account without a password and a wrong password; the
 * reason goes to the security log only. */
export const invalidCredentials = (
  reason: 'unknown_email' | 'no_password' | 'wrong_password',
  userId: string | null,
) =>
  new CredentialFailure(
    reason,
    userId,
    ERROR_CODES.invalidCredentials,
    401,
    AUTH_MESSAGES.invalidCredentials,
  );

/** A signed-in caller's password confirmation failed: 400, not 401, because the client treats a
 * 401 as a lost session and would sign the person out. */
export const wrongPassword = (userId: string, message: string) =>
  new CredentialFailure('wrong_password', userId, ERROR_CODES.invalidPassword, 400, message);

function reasonOf(error: Error): { reason: CredentialFailureReason; userId: string | null } | null {
  if (error instanceof CredentialFailure) return { reason: error.reason, userId: error.userId };
  if (error instanceof AppError && error.code === ERROR_CODES.rateLimited) {
    return { reason: 'rate_limited', userId: null };
  }
  // A malformed body (400) never reached a password check: not an attempt worth a line.
  return null;
}

/**
 * onError hooks that log failed password checks with the request id (request.log carries it)
 * at warn: the reason, the account id when known, and the e-mail only as a hash keyed with the
 * server's secret, so the log can tell repeated attempts on one address apart without holding
 * the address (personal data) or a plain hash a list of addresses could be matched against.
 * Never the password, never a token.
 */
export function credentialFailureLogs(key: string) {
  const emailRef = (request: FastifyRequest): string | null => {
    const email = byBodyEmail(request);
    if (email === null) return null;
    return createHmac('sha256', key).update(`log-email:${email}`).digest('hex').slice(0, 24);
  };

  /** /api/auth/login: wrong password, unknown e-mail, unconfirmed account, rate limited. */
  const login: onErrorAsyncHookHandler = async (request, _reply, error) => {
    const failure = reasonOf(error);
    if (!failure) return;
    request.log.warn(
      {
        event: 'login_failed',
        reason: failure.reason,
        userId: failure.userId,
        emailRef: emailRef(request),
      },
      'login failed',
    );
    // This line replaces the generic "access denied" one for the same 401/403.
    markAuthFailureLogged(request);
  };

  /** Change password and delete account: a signed-in caller who does not know the password. */
  const passwordCheck: onErrorAsyncHookHandler = async (request, _reply, error) => {
    const failure = reasonOf(error);
    if (!failure) return;
    request.log.warn(
      {
        event: 'password_check_failed',
        reason: failure.reason,
        userId: request.auth?.userId ?? null,
      },
      'password check failed',
    );
    markAuthFailureLogged(request);
  };

  return { login, passwordCheck };
}
