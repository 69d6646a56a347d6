import type { ReadCache } from '../../lib/read-cache';
import type { IdentifyCaller } from '../../plugins/auth';
import { hasActiveSubscription, subscriptionGrants } from '../users/user-dto';
import { isPaused } from '../users/user-pause';
import type { UserAccount } from '../users/users.repository';
import type { CallerRepository } from './caller.repository';
import { sessionAlive } from './sessions.service';

/** Who a token's holder is, read from the database (never from the token alone), so a demoted,
 * deleted or password-changed user loses access: at once on the instance that made the change,
 * within READ_CACHE_TTL_MS on the others (docs/decisions/0018). app.ts gives it to the guards. */
export function createCallerIdentity(deps: {
  callers: CallerRepository;
  readCache: ReadCache;
}): IdentifyCaller<UserAccount> {
  return async (claims, now) => {
    const { userId, sessionId } = claims;
    // Account, roles and session in one statement and one cache entry (decision 0092). An ended
    // session (logout, closed from another device) stops here: at once on this instance, within
    // the read cache's life on the others, like an account change.
    const caller = await deps.readCache.get(`caller:${userId}:${sessionId}`, () =>
      deps.callers.find(userId, sessionId),
    );
    if (!caller) return null;
    const { account, session } = caller;
    if (account.user.tokenVersion !== claims.version || !sessionAlive(session, now)) return null;
    const grants = subscriptionGrants(account, now);
    return {
      userId: account.user.id,
      sessionId,
      account,
      roles: new Set(account.roles.map((r) => r.role)),
      isSubscriber: hasActiveSubscription(account, now),
      readsAllVip: grants.grantsAllVipTips,
      readsPackTips: grants.includesPacks,
      paused: isPaused(account.user, now),
    };
  };
}
