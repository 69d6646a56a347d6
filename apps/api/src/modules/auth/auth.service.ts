import { type Attribution, NO_ATTRIBUTION } from '@magotips/contracts/attribution';
import { randomBytes } from 'node:crypto';
import { isOldEnough } from '@magotips/contracts/age';
import {
  AUTH_MESSAGES,
  RESET_PASSWORD_TOKEN_HOURS,
  type TAuthResponse,
  type TChangePasswordResponse,
  type TDeleteAccountRequest,
  type TMessageResponse,
  type TVerifyEmailResponse,
  VERIFY_EMAIL_TOKEN_HOURS,
} from '@magotips/contracts/auth';
import { withNext } from '@magotips/contracts/next-path';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { MSG } from '@magotips/contracts/messages';
import type {
  TChangePasswordRequest,
  TRegisterRequest,
  TResetPasswordRequest,
} from '@magotips/contracts/new-password';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { TokenService } from '../../lib/tokens';
import type { Mailer } from '../mail/mailer';
import {
  passwordChangedEmail,
  passwordResetEmail,
  signUpAttemptEmail,
  verificationEmail,
} from '../mail/templates';
import type { UserAccount, UserRow, UsersRepository } from '../users/users.repository';
import { countryOf, signUpLocale } from '../users/user-locale';
import { createAuthRepository, type EmailTokenPurpose } from './auth.repository';
import { CredentialFailure, invalidCredentials, wrongPassword } from './credential-failure';
import { hashToken, newEmailToken } from './email-link-tokens';
import type { SessionMeta, SessionsService } from './sessions.service';

type Recipient = Pick<UserRow, 'email' | 'country'>;
/** The answer, and the account made (null when the address already had one): the route binds
 * the browser to it (registration-cookie.ts). */
export type RegisterOutcome = { answer: TMessageResponse; userId: string | null };

export type AuthServiceDeps = {
  db: Db;
  users: UsersRepository;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  config: Pick<AppConfig, 'appUrl'>;
  sessions: SessionsService;
};

export function createAuthService(deps: AuthServiceDeps) {
  const repo = createAuthRepository(deps.db);
  const { appUrl } = deps.config;
  // The page to continue to after confirming rides in the link (already judged by the route's
  // schema; withNext drops anything unsafe again), so it works on whichever device opens it.
  const verifyLink = (token: string, next?: string) =>
    withNext(`${appUrl}/verify-email`, next, { token });
  const resetLink = (token: string) => `${appUrl}/reset-password?token=${token}`;

  // Unknown e-mails are checked against this hash so they cost the same argon2 time as known
  // ones: the response time must not tell which addresses have an account.
  let dummyHash: Promise<string> | null = null;
  const timingDummy = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  /** Issue 29 item 7: the owner learns that someone tried to sign up with their address, with a
   * way in and a way to a new password; the caller reads the usual "check your e-mail". */
  async function tellOwnerOfSignUpAttempt(owner: UserRow): Promise<TMessageResponse> {
    try {
      await deps.mailer.send({
        to: owner.email,
        ...signUpAttemptEmail({
          ...(owner.emailVerifiedAt ? { firstName: owner.firstName } : {}),
          loginLink: `${appUrl}/login`,
          resetLink: `${appUrl}/forgot-password`,
          country: countryOf(owner),
        }),
      });
    } catch {
      throw new AppError(ERROR_CODES.emailSendError, 502, AUTH_MESSAGES.emailSendFailed);
    }
    return { success: true, message: AUTH_MESSAGES.registered };
  }

  async function loadAccount(userId: string): Promise<UserAccount> {
    const account = await deps.users.findAccount(userId);
    if (!account) throw AppError.unauthorized();
    return account;
  }

  /** No name inside: the address is not confirmed yet, so the sign-up form's text must not
   * reach it from our address (decision 0023). The country picks the footer's help line. */
  function verificationMessage(user: Recipient, rawToken: string, next?: string) {
    const link = verifyLink(rawToken, next);
    return {
      to: user.email,
      link,
      ...verificationEmail({ link, hours: VERIFY_EMAIL_TOKEN_HOURS, country: countryOf(user) }),
    };
  }

  /** Why a token did not work, for a message the person can act on. */
  async function tokenFailure(
    tokenHash: string,
    purpose: EmailTokenPurpose,
    now: Date,
  ): Promise<AppError> {
    const state = await repo.findEmailToken(tokenHash, purpose);
    const expired =
      state !== null && state.usedAt === null && state.expiresAt.getTime() <= now.getTime();
    const verify = purpose === 'verify_email';
    if (expired) {
      return new AppError(
        ERROR_CODES.tokenExpired,
        400,
        verify ? AUTH_MESSAGES.verifyTokenExpired : AUTH_MESSAGES.resetTokenExpired,
      );
    }
    return new AppError(
      ERROR_CODES.invalidToken,
      400,
      verify ? AUTH_MESSAGES.verifyTokenInvalid : AUTH_MESSAGES.resetTokenInvalid,
    );
  }

  return {
    /** Creates an unconfirmed account and mails its confirmation link. If the mail cannot be
     * sent the account is removed again and the caller gets EMAIL_SEND_ERROR, so a retry of
     * the same form works (docs/decisions/0005-accounts-and-sessions.md). */
    /** `origin`: the first visit's, from the mt_origen cookie (decision 0118). */
    async register(
      input: TRegisterRequest,
      origin: Attribution = NO_ATTRIBUTION,
    ): Promise<RegisterOutcome> {
      const now = deps.clock();
      // The route schema checks this too; the service owns the rule whatever calls it.
      if (!isOldEnough(input.dateOfBirth, now)) {
        throw new AppError(ERROR_CODES.validation, 400, MSG.underage);
      }
      const passwordHash = await hashPassword(input.password);
      // An address that has an account gets the same answer as a new one, after the same
      // argon2 work: the form must not tell who is a customer. Its owner is told, by e-mail.
      const existing = await repo.findUserByEmail(input.email);
      if (existing) return { answer: await tellOwnerOfSignUpAttempt(existing), userId: null };
      const token = newEmailToken(now, VERIFY_EMAIL_TOKEN_HOURS);
      const locale = signUpLocale(input.country, input.timeZone);
      const created = await repo.createUser(
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone ?? null,
          dateOfBirth: input.dateOfBirth,
          passwordHash,
          ...locale,
          ...origin,
        },
        token.stored,
        // The server's clock, not the browser's: the time of consent is evidence.
        input.acceptsNews ? now : null,
      );
      if (!created.ok) {
        // A sign-up with the same address won the race for the unique index a moment ago.
        const winner = await repo.findUserByEmail(input.email);
        if (winner) return { answer: await tellOwnerOfSignUpAttempt(winner), userId: null };
        throw AppError.conflict(AUTH_MESSAGES.emailTaken, ERROR_CODES.emailTaken);
      }
      try {
        await deps.mailer.send(verificationMessage({ ...input, ...locale }, token.raw, input.next));
      } catch {
        await repo.deleteUser(created.userId);
        throw new AppError(ERROR_CODES.emailSendError, 502, AUTH_MESSAGES.emailSendFailed);
      }
      return {
        answer: { success: true, message: AUTH_MESSAGES.registered },
        userId: created.userId,
      };
    },

    /** Uses the link (once) and confirms the address. Only the browser that registered the
     * account (`registeredHere`, its binding cookie) is signed in, as a login does (issue 13,
     * decision 0021); anywhere else nobody is, or an attacker could sign a victim into an
     * account of theirs by sending its link (login CSRF, decision 0082). */
    async verifyEmail(
      rawToken: string,
      meta: SessionMeta,
      registeredHere: (userId: string) => boolean,
    ): Promise<TVerifyEmailResponse> {
      const now = deps.clock();
      const tokenHash = hashToken(rawToken);
      const userId = await repo.verifyEmail(tokenHash, now);
      if (!userId) throw await tokenFailure(tokenHash, 'verify_email', now);
      const account = await loadAccount(userId);
      const { email } = account.user;
      if (!registeredHere(userId)) {
        return {
          success: true,
          signedIn: false,
          email,
          message: AUTH_MESSAGES.emailVerifiedSignIn,
        };
      }
      const session = await deps.sessions.start(account, meta);
      return { ...session, signedIn: true, email, message: AUTH_MESSAGES.emailVerified };
    },

    /** Whether a reset link still works, without using it: its page asks when it opens, so a
     * spent or expired link is told before anyone types a new password. */
    async checkResetToken(rawToken: string): Promise<TMessageResponse> {
      const now = deps.clock();
      const tokenHash = hashToken(rawToken);
      const state = await repo.findEmailToken(tokenHash, 'reset_password');
      if (!state || state.usedAt || state.expiresAt.getTime() <= now.getTime()) {
        throw await tokenFailure(tokenHash, 'reset_password', now);
      }
      return { success: true, message: AUTH_MESSAGES.resetTokenValid };
    },

    /** Same message and the same argon2 work for a wrong password and an unknown e-mail.
     * Whether the address is confirmed is told only to someone who knows the password. */
    async login(email: string, password: string, meta: SessionMeta): Promise<TAuthResponse> {
      const user = await repo.findUserByEmail(email);
      if (!user?.passwordHash) {
        await verifyPassword(await timingDummy(), password);
        throw user
          ? invalidCredentials('no_password', user.id)
          : invalidCredentials('unknown_email', null);
      }
      if (!(await verifyPassword(user.passwordHash, password)))
        throw invalidCredentials('wrong_password', user.id);
      if (!user.emailVerifiedAt) {
        throw new CredentialFailure(
          'email_not_verified',
          user.id,
          ERROR_CODES.emailNotVerified,
          403,
          AUTH_MESSAGES.emailNotVerified,
        );
      }
      return deps.sessions.start(await loadAccount(user.id), meta);
    },

    /** Mails a new confirmation link when the account exists and is unconfirmed; answers the
     * same in every case, without waiting for the mail, so nothing tells the cases apart. */
    async resendVerification(email: string, next?: string): Promise<TMessageResponse> {
      const now = deps.clock();
      // The lookup and the token write run after the answer too: an existing account must not
      // answer later than an unknown address (decision 0005).
      deps.mailer.sendLater(async () => {
        const user = await repo.findUserByEmail(email);
        if (!user || user.emailVerifiedAt) return null;
        const token = newEmailToken(now, VERIFY_EMAIL_TOKEN_HOURS);
        // Earlier links keep working until they expire: the person may open any of them.
        await repo.addEmailToken(user.id, 'verify_email', token.stored, now, {
          replaceUnused: false,
        });
        return verificationMessage(user, token.raw, next);
      });
      return { success: true, message: AUTH_MESSAGES.verificationResent };
    },

    /** Same answer whether or not the e-mail has an account. A Google-only account gets a
     * link too: it is how such a person sets a password. */
    async forgotPassword(email: string): Promise<TMessageResponse> {
      const now = deps.clock();
      // Everything that differs between a known and an unknown address (the lookup, the token
      // write, the mail) runs after the answer has left: its time tells nothing (decision 0005).
      deps.mailer.sendLater(async () => {
        const user = await repo.findUserByEmail(email);
        if (!user) return null;
        const token = newEmailToken(now, RESET_PASSWORD_TOKEN_HOURS);
        // Only the newest reset link works: an older one may sit in a forwarded mail.
        await repo.addEmailToken(user.id, 'reset_password', token.stored, now, {
          replaceUnused: true,
        });
        const link = resetLink(token.raw);
        return {
          to: user.email,
          link,
          ...passwordResetEmail({
            // The name only for a confirmed address (decision 0023).
            firstName: user.emailVerifiedAt ? user.firstName : undefined,
            link,
            hours: RESET_PASSWORD_TOKEN_HOURS,
            country: countryOf(user),
          }),
        };
      });
      return { success: true, message: AUTH_MESSAGES.resetRequested };
    },

    async resetPassword(input: TResetPasswordRequest): Promise<TMessageResponse> {
      const now = deps.clock();
      const tokenHash = hashToken(input.token);
      // Check before hashing: argon2 is the expensive part and a bad token needs none of it.
      const state = await repo.findEmailToken(tokenHash, 'reset_password');
      if (!state || state.usedAt || state.expiresAt.getTime() <= now.getTime()) {
        throw await tokenFailure(tokenHash, 'reset_password', now);
      }
      const passwordHash = await hashPassword(input.password);
      const userId = await repo.resetPassword(tokenHash, passwordHash, now);
      // Lost a race with another use of the same link.
      if (!userId) throw await tokenFailure(tokenHash, 'reset_password', now);
      // Whoever asked for the link may be shutting out someone who has the old password.
      await deps.sessions.repo.endAllBut(userId, null);
      return { success: true, message: AUTH_MESSAGES.passwordReset };
    },

    /** Every other session ends (their rows go; the token version bump stops their tokens at
     * once); the caller's continues on a new token for the same session. */
    async changePassword(
      account: UserAccount,
      sessionId: string | null,
      meta: SessionMeta,
      input: TChangePasswordRequest,
    ): Promise<TChangePasswordResponse> {
      const now = deps.clock();
      const { user } = account;
      if (!user.passwordHash)
        throw new AppError(ERROR_CODES.noPassword, 400, AUTH_MESSAGES.noPasswordSet);
      // 400, not 401: the client treats a 401 as a lost session and would sign the person out.
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw wrongPassword(user.id, AUTH_MESSAGES.currentPasswordWrong);
      }
      const passwordHash = await hashPassword(input.newPassword);
      const version = await repo.changePassword(user.id, passwordHash, now);
      if (version === null) throw AppError.unauthorized();
      deps.mailer.sendLater({
        to: user.email,
        ...passwordChangedEmail({
          firstName: user.firstName,
          resetLink: `${appUrl}/forgot-password`,
          country: countryOf(user),
        }),
      });
      await deps.sessions.repo.endAllBut(user.id, sessionId);
      const fresh = await loadAccount(user.id);
      return {
        ...(await deps.sessions.renew(fresh, sessionId, meta)),
        message: AUTH_MESSAGES.passwordChanged,
      };
    },

    /** Erases the person (payment records stay, anonymised). A renewing subscription must be
     * cancelled first, or the provider would keep charging someone who no longer exists. */
    async deleteAccount(
      account: UserAccount,
      input: TDeleteAccountRequest,
    ): Promise<TMessageResponse> {
      const { user, subscription } = account;
      if (user.passwordHash) {
        if (!input.password) {
          throw new AppError(
            ERROR_CODES.passwordRequired,
            400,
            AUTH_MESSAGES.deletePasswordRequired,
          );
        }
        if (!(await verifyPassword(user.passwordHash, input.password))) {
          throw wrongPassword(user.id, AUTH_MESSAGES.deletePasswordWrong);
        }
      }
      if (subscription?.isRecurring) {
        throw AppError.conflict(
          AUTH_MESSAGES.deleteActiveSubscription,
          ERROR_CODES.activeSubscription,
        );
      }
      await repo.deleteUser(user.id);
      return { success: true, message: AUTH_MESSAGES.accountDeleted };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
