import { MSG } from '@magotips/contracts/messages';
import type { RoleName } from '@magotips/contracts/roles';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { TokenClaims, TokenService } from '../lib/tokens';

/** Who is calling, as the identify function given to the guards read it (modules/auth reads it
 * from the database, never from the token alone: docs/decisions/0018). */
export type AuthContext<Account = unknown> = {
  userId: string;
  /** The server-side session the token belongs to: every token the guards accept has one. */
  sessionId: string;
  account: Account;
  roles: ReadonlySet<RoleName>;
  isSubscriber: boolean;
  /** What the subscription opens (decision 0097): every VIP tip, and the tips inside packs. */
  readsAllVip: boolean;
  readsPackTips: boolean;
  /** The account paused itself (decision 0116): no offers or VIP teasers are shown to it. */
  paused: boolean;
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

/** A token's claims once the guards have checked it names a session. */
export type SessionClaims = TokenClaims & { sessionId: string };

/** Who holds a well-signed token, or null when it no longer opens anything (account gone or
 * changed, session ended). app.ts hands it in from the auth module, which knows accounts and
 * sessions: a plugin sits below every module and imports none (decision 0063). */
export type IdentifyCaller<Account> = (
  claims: SessionClaims,
  now: Date,
) => Promise<AuthContext<Account> | null>;

export type AuthGuards<Account = unknown> = ReturnType<typeof createAuthGuards<Account>>;

export function createAuthGuards<Account>(deps: {
  tokens: TokenService;
  clock: Clock;
  identify: IdentifyCaller<Account>;
}) {
  // request.auth is typed for every plugin and hook (account unknown); the guards keep their
  // own typed copy, so requireAuth answers the account the identify function built.
  const contexts = new WeakMap<FastifyRequest, AuthContext<Account>>();

  /** The claims of a well-signed, unexpired token that names its session. A token without one
   * (signed before sessions existed, decision 0020) opens nothing and renews into nothing: a
   * 401, as for any other token we no longer honour (decision 0085). */
  async function sessionClaims(token: string, now: Date): Promise<SessionClaims> {
    const claims = await deps.tokens.verify(token, now);
    if (!claims?.sessionId) throw AppError.unauthorized();
    return { ...claims, sessionId: claims.sessionId };
  }

  async function resolve(request: FastifyRequest): Promise<AuthContext<Account> | null> {
    const token = bearer(request);
    if (!token) return null;
    const now = deps.clock();
    const claims = await sessionClaims(token, now);
    const auth = await deps.identify(claims, now);
    if (!auth) throw AppError.unauthorized();
    contexts.set(request, auth);
    return auth;
  }

  async function authenticateRequest(request: FastifyRequest): Promise<AuthContext<Account>> {
    if (!bearer(request)) throw AppError.unauthorized(MSG.noToken);
    const auth = await resolve(request);
    if (!auth) throw AppError.unauthorized();
    request.auth = auth;
    return auth;
  }

  /** The claims of a well-signed, unexpired token, whether or not its session still exists:
   * logout answers the same for a session already ended (idempotent). */
  async function tokenClaims(request: FastifyRequest): Promise<SessionClaims> {
    const token = bearer(request);
    if (!token) throw AppError.unauthorized(MSG.noToken);
    return sessionClaims(token, deps.clock());
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
  function requireAuth(request: FastifyRequest): AuthContext<Account> {
    const auth = contexts.get(request);
    if (!auth) throw AppError.unauthorized(MSG.noToken);
    return auth;
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
