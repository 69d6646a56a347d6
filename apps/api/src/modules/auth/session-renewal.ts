import { MSG } from '@magotips/contracts/messages';
import { SESSION_ABSOLUTE_DAYS } from '@magotips/contracts/sessions';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { TokenClaims, TokenService } from '../../lib/tokens';
import type { UserAccount, UsersRepository } from '../users/users.repository';

const DAY_SECONDS = 86_400;

function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/**
 * Who renews or ends a session (refresh, me_verify, logout). A token lives 15 minutes, but a
 * session may be renewed until it has gone 7 days unused (30 in all): a browser that was closed
 * for an hour or a night comes back with an expired token, and that token still names its
 * session. So these three routes accept a well-signed token past its expiry when it carries a
 * session id; the session's own row then decides (sessions.service `renew`: fresh read, idle and
 * absolute limits). Every other route refuses an expired token as before. docs/decisions/0084.
 */
export function createSessionRenewal(deps: {
  tokens: TokenService;
  users: UsersRepository;
  clock: Clock;
}) {
  /** The claims of the caller's token, expired or not; 401 without one we signed. */
  async function claims(
    request: FastifyRequest,
  ): Promise<TokenClaims & { expiredIssuedAt: Date | null }> {
    const token = bearerToken(request);
    if (!token) throw AppError.unauthorized(MSG.noToken);
    // No session outlives its 30 days, so no older token can name one still open.
    const found = await deps.tokens.verifyForRenewal(
      token,
      deps.clock(),
      SESSION_ABSOLUTE_DAYS * DAY_SECONDS,
    );
    if (!found) throw AppError.unauthorized();
    return found;
  }

  return {
    claims,

    /** The account renewing its session, read fresh: a deleted account, or one whose password
     * changed since the token was signed (token version), renews nothing. */
    async caller(request: FastifyRequest): Promise<{
      account: UserAccount;
      sessionId: string | null;
      expiredIssuedAt: Date | null;
    }> {
      const found = await claims(request);
      const account = await deps.users.findAccount(found.userId);
      if (!account || account.user.tokenVersion !== found.version) throw AppError.unauthorized();
      return { account, sessionId: found.sessionId, expiredIssuedAt: found.expiredIssuedAt };
    },
  };
}
