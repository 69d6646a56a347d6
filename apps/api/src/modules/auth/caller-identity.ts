import type { ReadCache } from '../../lib/read-cache';
import type { IdentifyCaller } from '../../plugins/auth';
import { hasActiveSubscription, subscriptionGrants } from '../users/user-dto';
import type { UserAccount, UsersRepository } from '../users/users.repository';
import type { SessionsRepository } from './sessions.repository';
import { sessionAlive } from './sessions.service';

/** Who a token's holder is, read from the database (never from the token alone), so a demoted,
 * deleted or password-changed user loses access: at once on the instance that made the change,
 * within READ_CACHE_TTL_MS on the others (docs/decisions/0018). app.ts gives it to the guards. */
export function createCallerIdentity(deps: {
  users: UsersRepository;
  sessions: SessionsRepository;
  readCache: ReadCache;
}): IdentifyCaller<UserAccount> {
  return async (claims, now) => {
    const account = await deps.readCache.get(`account:${claims.userId}`, () =>
      deps.users.findAccount(claims.userId),
    );
    if (!account || account.user.tokenVersion !== claims.version) return null;
    // An ended session (logout, closed from another device) stops here: at once on this
    // instance, within the read cache's life on the others, like an account change.
    const { sessionId } = claims;
    const session = await deps.readCache.get(`session:${sessionId}`, () =>
      deps.sessions.find(sessionId),
    );
    if (!session || session.userId !== account.user.id || !sessionAlive(session, now)) return null;
    const grants = subscriptionGrants(account, now);
    return {
      userId: account.user.id,
      sessionId: claims.sessionId,
      account,
      roles: new Set(account.roles.map((r) => r.role)),
      isSubscriber: hasActiveSubscription(account, now),
      readsAllVip: grants.grantsAllVipTips,
      readsPackTips: grants.includesPacks,
    };
  };
}
