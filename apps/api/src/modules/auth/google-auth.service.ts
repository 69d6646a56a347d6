import { type Attribution, NO_ATTRIBUTION } from '@magotips/contracts/attribution';
import { isOldEnough } from '@magotips/contracts/age';
import type { GoogleAuthErrorCode } from '@magotips/contracts/google-auth';
import type { TUser } from '@magotips/contracts/users';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { DEFAULT_LOCALE, type ReaderLocale } from '../users/user-locale';
import type { UsersRepository } from '../users/users.repository';
import { createAuthRepository } from './auth.repository';
import { createGoogleAuthRepository } from './google-auth.repository';
import type { GoogleIdentity } from './google-oidc';
import type { GooglePeople } from './google-people';
import type { SessionMeta, SessionsService } from './sessions.service';

export type GoogleAuthServiceDeps = {
  db: Db;
  users: UsersRepository;
  clock: Clock;
  people: GooglePeople;
  sessions: SessionsService;
};

/** The account signed in, or the code the person is sent back with and the reason the log
 * keeps. No session yet: that is made when the browser trades its one-time code. */
export type GoogleSignInOutcome =
  | { ok: true; userId: string; created: boolean }
  | { ok: false; code: GoogleAuthErrorCode; reason: string };

const NAME_MAX = 50;

/** Cut by characters, not UTF-16 units, as the varchar(50) column counts them. */
const fit = (value: string) => Array.from(value.trim()).slice(0, NAME_MAX).join('');

/** Google's given and family names; a profile without them falls back to the full name, and
 * then to the e-mail's local part, so the account always has something to greet. */
function namesOf(identity: GoogleIdentity, email: string): { firstName: string; lastName: string } {
  const first = identity.givenName ?? identity.name ?? email.split('@')[0] ?? email;
  return { firstName: fit(first), lastName: fit(identity.familyName ?? '') };
}

export function createGoogleAuthService(deps: GoogleAuthServiceDeps) {
  const repo = createGoogleAuthRepository(deps.db);
  const accounts = createAuthRepository(deps.db);

  const signedIn = (userId: string, created: boolean): GoogleSignInOutcome => ({
    ok: true,
    userId,
    created,
  });

  const refuse = (code: GoogleAuthErrorCode, reason: string): GoogleSignInOutcome => ({
    ok: false,
    code,
    reason,
  });

  return {
    /** A server-side session (like a password sign-in's) for a code just redeemed (POST
     * /api/auth/google/exchange); null when the account was deleted in the minute between the
     * callback and the exchange. */
    async startSession(
      userId: string,
      meta: SessionMeta,
    ): Promise<{ user: TUser; token: string } | null> {
      const account = await deps.users.findAccount(userId);
      if (!account) return null;
      const { user, token } = await deps.sessions.start(account, meta);
      return { user, token };
    },

    /**
     * Signs in the person behind a checked Google ID token: the account holding this Google
     * `sub`, or a new one. A new account needs an e-mail Google has verified, an address no
     * other account holds (no silent linking: whoever controls a Google account with someone's
     * address must not take over their password account), and a birthday from the People API
     * showing 21 or more on the app's clock. People API failures throw GoogleProviderError.
     * A new account takes `locale`, the browser's country and zone (decision 0114); a returning
     * one keeps its own.
     */
    async signIn(
      identity: GoogleIdentity,
      accessToken: string,
      locale: ReaderLocale = DEFAULT_LOCALE,
      // The first visit's origin (decision 0118), kept on a new account only.
      origin: Attribution = NO_ATTRIBUTION,
    ): Promise<GoogleSignInOutcome> {
      const now = deps.clock();
      // Returning: the age was proven when the account was made and only grows; nothing is
      // asked of Google again and nothing about the account changes.
      const existing = await repo.findUserByGoogleSub(identity.sub);
      if (existing) return signedIn(existing.id, false);

      if (!identity.email || !identity.emailVerified) {
        return refuse('validation_error', 'Google did not send a verified e-mail');
      }
      if (await accounts.findUserByEmail(identity.email)) {
        return refuse(
          'duplicate_email',
          'the e-mail belongs to an account not linked to this Google account',
        );
      }

      const birthDate = await deps.people.birthDate(accessToken);
      if (!birthDate)
        return refuse('birthday_required', 'the People API sent no birthday with a year');
      if (!isOldEnough(birthDate, now))
        return refuse('underage', 'the Google birthday is under 21');

      const created = await repo.createGoogleUser({
        googleSub: identity.sub,
        email: identity.email,
        ...namesOf(identity, identity.email),
        dateOfBirth: birthDate,
        emailVerifiedAt: now,
        ...locale,
        ...origin,
      });
      if (created.ok) return signedIn(created.userId, true);
      // Lost a race: the same Google account finishing twice signs in; anything else is the
      // e-mail taken meanwhile.
      const raced = await repo.findUserByGoogleSub(identity.sub);
      if (raced) return signedIn(raced.id, false);
      return refuse('duplicate_email', 'the e-mail was registered while signing in');
    },
  };
}
export type GoogleAuthService = ReturnType<typeof createGoogleAuthService>;
