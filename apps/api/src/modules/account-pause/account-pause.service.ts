import { ERROR_CODES } from '@magotips/contracts/http-errors';
import {
  addMonths,
  INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS,
  PAUSE_LIFT_DELAY_DAYS,
  PAUSE_TEXT,
  type TPauseLiftRequest,
  type TPauseRequest,
} from '@magotips/contracts/pause';
import type { TUser } from '@magotips/contracts/users';
import { dateInZoneText, safeTimeZone } from '@magotips/contracts/time-zone';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { verifyPassword } from '../../lib/password';
import { CredentialFailure, wrongPassword } from '../auth/credential-failure';
import type { ReaderEventBus } from '../events/reader-events';
import type { JobRunner } from '../jobs/job-runner';
import { toUserDto } from '../users/user-dto';
import { isPaused } from '../users/user-pause';
import { notPausedAt } from '../users/paused-sql';
import type { UserAccount, UserRow, UsersRepository } from '../users/users.repository';
import { pauseEmailJob } from './pause-email';

const DAY_MS = 86_400_000;

export type PauseAnswer = { success: true; user: TUser; message: string };

/**
 * The reader's pause (issue 32 item 3, decision 0116). Pausing writes the columns, emits
 * `readerPaused` (subscriptions stop the renewal) and queues the e-mail in one transaction;
 * everything else that stops (alerts, purchases, offers, the VIP group) reads the columns.
 */
export function createAccountPauseService(deps: {
  db: Db;
  users: UsersRepository;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  events: Pick<ReaderEventBus, 'emit'>;
}) {
  /** The password check of DELETE /api/auth/me: the same codes, statuses and security log. */
  async function confirmPassword(user: UserRow, password: string): Promise<void> {
    if (!user.passwordHash) {
      throw new CredentialFailure(
        'no_password',
        user.id,
        ERROR_CODES.noPassword,
        400,
        PAUSE_TEXT.noPassword,
      );
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw wrongPassword(user.id, PAUSE_TEXT.passwordWrong);
    }
  }

  async function answer(userId: string, message: (user: UserRow) => string): Promise<PauseAnswer> {
    const account = await deps.users.findAccount(userId);
    if (!account) throw AppError.unauthorized();
    return {
      success: true,
      user: toUserDto(account, deps.clock()),
      message: message(account.user),
    };
  }

  const dateText = (date: Date | null, user: UserRow) =>
    date ? dateInZoneText(date, safeTimeZone(user.timeZone)) : null;

  return {
    async pause(account: UserAccount, input: TPauseRequest): Promise<PauseAnswer> {
      const { user } = account;
      await confirmPassword(user, input.password);
      const now = deps.clock();
      const until = input.months === null ? null : addMonths(now, input.months);
      const paused = await deps.db.transaction(async (tx) => {
        // The guard is in the statement: two requests at once pause once, the other gets 409.
        const [row] = await tx
          .update(users)
          .set({ pausedAt: now, pausedUntil: until, pauseLiftRequestedAt: null, updatedAt: now })
          .where(and(eq(users.id, user.id), notPausedAt(now)))
          .returning({ id: users.id });
        if (!row) return false;
        await deps.events.emit(tx, { type: 'readerPaused', at: now, userId: user.id });
        await deps.jobs.enqueue(
          tx,
          pauseEmailJob(
            { userId: user.id, occasion: 'paused', until: until?.toISOString() ?? null },
            now,
          ),
        );
        return true;
      });
      if (!paused) throw AppError.conflict(PAUSE_TEXT.alreadyPaused, ERROR_CODES.paused);
      return answer(user.id, (u) => PAUSE_TEXT.confirmed(dateText(until, u)));
    },

    /** Only an indefinite pause, only once it has lasted 6 months; it then ends 7 days later. */
    async lift(account: UserAccount, input: TPauseLiftRequest): Promise<PauseAnswer> {
      await confirmPassword(account.user, input.password);
      const now = deps.clock();
      // Read again: the caller's account may come from the read cache.
      const fresh = await deps.users.findAccount(account.user.id);
      if (!fresh) throw AppError.unauthorized();
      const { user } = fresh;
      if (!isPaused(user, now)) throw AppError.conflict(PAUSE_TEXT.notPaused);
      const { pausedAt } = user;
      // Asked already: the pause is dated now, and the answer says when it ends.
      if (user.pauseLiftRequestedAt && user.pausedUntil) {
        throw AppError.conflict(
          PAUSE_TEXT.liftAlreadyRequested(dateText(user.pausedUntil, user) ?? ''),
        );
      }
      if (user.pausedUntil !== null || !pausedAt) {
        throw AppError.conflict(PAUSE_TEXT.cannotLift(null));
      }
      const liftableFrom = addMonths(pausedAt, INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS);
      if (liftableFrom.getTime() > now.getTime()) {
        throw AppError.conflict(PAUSE_TEXT.cannotLift(dateText(liftableFrom, user)));
      }
      const until = new Date(now.getTime() + PAUSE_LIFT_DELAY_DAYS * DAY_MS);
      const lifted = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ pausedUntil: until, pauseLiftRequestedAt: now, updatedAt: now })
          .where(
            and(
              eq(users.id, user.id),
              // The very pause read above, still indefinite.
              eq(users.pausedAt, pausedAt),
              isNull(users.pausedUntil),
            ),
          )
          .returning({ id: users.id });
        if (!row) return false;
        await deps.jobs.enqueue(
          tx,
          pauseEmailJob({ userId: user.id, occasion: 'lift', until: until.toISOString() }, now),
        );
        return true;
      });
      // Another request got there first: the pause is dated now.
      if (!lifted) throw AppError.conflict(PAUSE_TEXT.cannotLift(null));
      return answer(user.id, (u) => PAUSE_TEXT.liftRequested(dateText(until, u) ?? ''));
    },
  };
}
export type AccountPauseService = ReturnType<typeof createAccountPauseService>;
