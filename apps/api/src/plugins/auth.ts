import { MSG } from '@magotips/contracts/messages';
import type { RoleName } from '@magotips/contracts/roles';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { ReadCache } from '../lib/read-cache';
import type { TokenClaims, TokenService } from '../lib/tokens';
import { sessionAlive } from '../modules/auth/sessions.service';
import type { SessionsRepository } from '../modules/auth/sessions.repository';
import { hasActiveSubscription } from '../modules/users/user-dto';
import type { UserAccount, UsersRepository } from '../modules/users/users.repository';

/** Who is calling, read from the database (never from the token alone), so a demoted,
 * deleted or password-changed user loses access: at once on the instance that made the
 * change, within READ_CACHE_TTL_MS on the others (docs/decisions/0018). */
export type AuthContext = {
  userId: string;
  /** The server-side session the token belongs to (null only on a pre-session token). */
  sessionId: string | null;
  account: UserAccount;
  roles: ReadonlySet<RoleName>;
  isSubscriber: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

export function createAuthGuards(deps: {
  tokens: TokenService;
  users: UsersRepository;
  clock: Clock;
  readCache: ReadCache;
  sessions: SessionsRepository;
}) {
  async function resolve(request: FastifyRequest): Promise<AuthContext | null> {
    const token = bearer(request);
    if (!token) return null;
    const now = deps.clock();
    const claims = await deps.tokens.verify(token, now);
    if (!claims) throw AppError.unauthorized();
    const account = await deps.readCache.get(`account:${claims.userId}`, () =>
      deps.users.findAccount(claims.userId),
    );
    if (!account || account.user.tokenVersion !== claims.version) throw AppError.unauthorized();
    // An ended session (logout, closed from another device) stops here: at once on this
    // instance, within the read cache's life on the others, like an account change.
    if (claims.sessionId) {
      const { sessionId } = claims;
      const session = await deps.readCache.get(`session:${sessionId}`, () =>
        deps.sessions.find(sessionId),
      );
      if (!session || session.userId !== account.user.id || !sessionAlive(session, now))
        throw AppError.unauthorized();
    }
    return {
      userId: account.user.id,
      sessionId: claims.sessionId,
      account,
      roles: new Set(account.roles.map((r) => r.role)),
      isSubscriber: hasActiveSubscription(account, now),
    };
  }

  async function authenticateRequest(request: FastifyRequest): Promise<AuthContext> {
    if (!bearer(request)) throw AppError.unauthorized(MSG.noToken);
    const auth = await resolve(request);
    if (!auth) throw AppError.unauthorized();
    request.auth = auth;
    return auth;
  }

  /** The claims of a well-signed, unexpired token, whether or not its session still exists:
   * logout answers the same for a session already ended (idempotent). */
  async function tokenClaims(request: FastifyRequest): Promise<TokenClaims> {
    const token = bearer(request);
    if (!token) throw AppError.unauthorized(MSG.noToken);
    const claims = await deps.tokens.verify(token, deps.clock());
    if (!claims) throw AppError.unauthorized();
    return claims;
  }

  /** Requires a valid session: 401 without one. */
  const authenticate: preHandlerAsyncHookHandler = async (request) => {
    await authenticateRequest(request);
  };

  /** Reads the session when one is sent; a visitor passes as `auth = null`. A token that is
   * sent but no longer valid is still a 401, so the client knows to sign in again. */
  const optionalAuth: preHandlerAsyncHookHandler = async (request) => {
    request.auth = await resolve(request);
  };

  /** The caller's session inside a handler behind `authenticate` or a role guard. */
  function requireAuth(request: FastifyRequest): AuthContext {
    if (!request.auth) throw AppError.unauthorized(MSG.noToken);
    return request.auth;
  }

  /** Any one of `roles`; answers 403 with `message` (or the generic text) otherwise. */
  function requireAnyRole(roles: RoleName[], message?: string): preHandlerAsyncHookHandler {
    return async (request) => {
      const auth = await authenticateRequest(request);
      if (!roles.some((r) => auth.roles.has(r))) throw AppError.forbidden(message);
    };
  }

  /** Every one of `roles` (plans need editor AND admin). */
  function requireAllRoles(roles: RoleName[], message?: string): preHandlerAsyncHookHandler {
    return async (request) => {
      const auth = await authenticateRequest(request);
      if (!roles.every((r) => auth.roles.has(r))) throw AppError.forbidden(message);
    };
  }

  return { authenticate, optionalAuth, requireAuth, requireAnyRole, requireAllRoles, tokenClaims };
}
