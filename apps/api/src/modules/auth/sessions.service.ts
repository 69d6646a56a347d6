import type { TAuthResponse } from '@magotips/contracts/auth';
import {
  SESSION_ABSOLUTE_DAYS,
  SESSION_IDLE_DAYS,
  SESSION_MESSAGES,
  type TRevokeOthersResponse,
  type TSessionsResponse,
} from '@magotips/contracts/sessions';
import type { TMessageResponse } from '@magotips/contracts/auth';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ReadCache } from '../../lib/read-cache';
import type { TokenService } from '../../lib/tokens';
import { toUserDto } from '../users/user-dto';
import type { UserAccount } from '../users/users.repository';
import { createSessionsRepository, type SessionRow } from './sessions.repository';

const DAY_MS = 86_400_000;

export type SessionMeta = { userAgent: string | null; ip: string | null };

/** Whether a session is still alive at `now`: within its absolute lifetime from sign-in and
 * renewed within the idle limit (docs/decisions/0020). */
export function sessionAlive(
  row: Pick<SessionRow, 'createdAt' | 'lastSeenAt'>,
  now: Date,
): boolean {
  const t = now.getTime();
  return (
    t < row.createdAt.getTime() + SESSION_ABSOLUTE_DAYS * DAY_MS &&
    t < row.lastSeenAt.getTime() + SESSION_IDLE_DAYS * DAY_MS
  );
}

/** A time to the whole second below: what a token's `iat` keeps of its signing time. */
const secondOf = (at: Date) => Math.floor(at.getTime() / 1000) * 1000;

// Long strings from a client are cut to the column size, never refused: they are a label.
const clip = (value: string | null | undefined, max: number) =>
  value ? value.slice(0, max) : null;

export function createSessionsService(deps: {
  db: Db;
  tokens: TokenService;
  clock: Clock;
  readCache: ReadCache;
}) {
  const repo = createSessionsRepository(deps.db);

  async function tokenFor(
    account: UserAccount,
    sessionId: string,
    now: Date,
  ): Promise<TAuthResponse> {
    const token = await deps.tokens.sign(
      { userId: account.user.id, version: account.user.tokenVersion, sessionId },
      now,
    );
    return { success: true, user: toUserDto(account, now), token };
  }

  /** Every sign-in (password, Google) goes through here: a new session row and its token. */
  async function start(account: UserAccount, meta: SessionMeta): Promise<TAuthResponse> {
    const now = deps.clock();
    const row = await repo.create(
      account.user.id,
      { userAgent: clip(meta.userAgent, 512), ip: clip(meta.ip, 64) },
      now,
    );
    return tokenFor(account, row.id, now);
  }

  return {
    repo,
    start,

    /** A new token for the same session: read fresh (not from the cache), refused past its
     * lifetime or idle limit; its sign-in time stays, its last-seen time moves. */
    async renew(
      account: UserAccount,
      sessionId: string | null,
      // Kept for the callers: a renewal records no new device, only the sign-in did.
      _meta: SessionMeta,
      /** When an expired token was signed (null: the token is still valid). */
      { expiredIssuedAt = null }: { expiredIssuedAt?: Date | null } = {},
    ): Promise<TAuthResponse> {
      const now = deps.clock();
      // Only a token's own session is renewed; a token without one (the guards already refuse
      // it) never opens a new session here (decision 0085).
      if (!sessionId) throw AppError.unauthorized();
      const row = await repo.find(sessionId);
      if (!row || row.userId !== account.user.id || !sessionAlive(row, now))
        throw AppError.unauthorized();
      // An expired token renews only if it is the session's latest (signed when the session was
      // last renewed, `lastSeenAt`, to the second): one left in a log, a history or a stolen
      // backup stops working once the browser that holds the session has renewed it, as every
      // token did before expired ones could renew (decision 0091).
      if (expiredIssuedAt && expiredIssuedAt.getTime() < secondOf(row.lastSeenAt))
        throw AppError.unauthorized();
      await repo.touch(row.id, now);
      return tokenFor(account, row.id, now);
    },

    /** Ends the caller's session; answers the same when there is none left to end. */
    async logout(userId: string, sessionId: string | null): Promise<TMessageResponse> {
      if (sessionId) await repo.end(userId, sessionId);
      return { success: true, message: SESSION_MESSAGES.loggedOut };
    },

    async list(userId: string, currentId: string | null): Promise<TSessionsResponse> {
      const now = deps.clock();
      const rows = (await repo.listForUser(userId)).filter((row) => sessionAlive(row, now));
      return {
        success: true,
        sessions: rows.map((row) => ({
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          userAgent: row.userAgent,
          ip: row.ip,
          current: row.id === currentId,
        })),
      };
    },

    /** One of the caller's own sessions; another person's id is a 404, as if it did not exist. */
    async end(userId: string, id: string): Promise<TMessageResponse> {
      if (!(await repo.end(userId, id))) throw AppError.notFound(SESSION_MESSAGES.sessionNotFound);
      return { success: true, message: SESSION_MESSAGES.sessionEnded };
    },

    async endOthers(userId: string, currentId: string | null): Promise<TRevokeOthersResponse> {
      const ended = await repo.endAllBut(userId, currentId);
      return { success: true, message: SESSION_MESSAGES.othersEnded, ended };
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;
