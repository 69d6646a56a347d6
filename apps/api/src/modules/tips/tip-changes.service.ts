import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import type { TPendingResultsResponse } from '@magotips/contracts/track-record-schemas';
import type { TTipResponse, ZTipRequest } from '@magotips/contracts/tips';
import { publishAtProblem } from '@magotips/contracts/publish-schedule';
import { dayOf, type SettledResult, toOddsCents } from '@magotips/contracts/track-record';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { tips } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { tipFanoutJob } from '../alerts/alert-job-kinds';
import type { JobRunner } from '../jobs/job-runner';
import { refreshTrackRecordDays } from '../track-record/track-record-days';
import { tipPublishJob } from './scheduled-publication';
import type { RevisionChange, RevisionValue, TipHistoryRepository } from './tip-history.repository';
import { isLocked, type TipRow, toManagementTip } from './tip-views';
import type { TipsRepository } from './tips.repository';

export type TipInput = z.output<typeof ZTipRequest>;

/** What an editor sets on a tip. */
type TipValues = Pick<
  TipRow,
  | 'icon'
  | 'title'
  | 'matchDate'
  | 'analisis'
  | 'category'
  | 'isPublished'
  | 'publishAt'
  | 'pick'
  | 'oddsCents'
  | 'stake'
  | 'bookmaker'
>;

/** Fixed once the match has started (issue 14 item 2): what the bet was, and when. */
const LOCKED_FIELDS = new Set(['pick', 'odds', 'stake', 'category', 'matchDate']);

/** The values as a revision records them: odds as decimals, dates as ISO text. */
function comparable(v: TipValues): Record<string, RevisionValue> {
  return {
    title: v.title,
    icon: v.icon,
    matchDate: v.matchDate.toISOString(),
    analisis: v.analisis,
    category: v.category,
    isPublished: v.isPublished,
    publishAt: v.publishAt?.toISOString() ?? null,
    pick: v.pick,
    odds: v.oddsCents === null ? null : v.oddsCents / 100,
    stake: v.stake,
    bookmaker: v.bookmaker,
  };
}

function diff(before: TipValues, after: TipValues): RevisionChange[] {
  const a = comparable(before);
  const b = comparable(after);
  return Object.keys(b)
    .filter((field) => a[field] !== b[field])
    .map((field) => ({ field, before: a[field] ?? null, after: b[field] ?? null }));
}

/** The bet of the request: none of pick/odds/stake in the body keeps `current`'s (PUT) or makes a
 * tip without one; all null clears it; otherwise the three values (ZTipRequest checks wholeness). */
function betOf(
  input: TipInput,
  current: TipValues | null,
): Pick<TipValues, 'pick' | 'oddsCents' | 'stake' | 'bookmaker'> {
  const sent = input.pick !== undefined || input.odds !== undefined || input.stake !== undefined;
  const keep = {
    pick: current?.pick ?? null,
    oddsCents: current?.oddsCents ?? null,
    stake: current?.stake ?? null,
  };
  const bet = !sent
    ? keep
    : input.pick == null || input.odds == null || input.stake == null
      ? { pick: null, oddsCents: null, stake: null }
      : { pick: input.pick, oddsCents: toOddsCents(input.odds), stake: input.stake };
  const bookmaker =
    bet.pick === null
      ? null
      : input.bookmaker === undefined
        ? (current?.bookmaker ?? null)
        : input.bookmaker;
  return { ...bet, bookmaker };
}

/** Published unless the body says otherwise or schedules it (SPEC.md's body leaves it out). A
 * schedule belongs to an unpublished tip: left out of the body it is kept, null cancels it. */
function publicationOf(
  input: TipInput,
  current: TipValues | null,
): Pick<TipValues, 'isPublished' | 'publishAt'> {
  const isPublished = input.isPublished ?? !input.publishAt;
  if (isPublished) return { isPublished, publishAt: null };
  const publishAt =
    input.publishAt === undefined
      ? (current?.publishAt ?? null)
      : input.publishAt === null
        ? null
        : new Date(input.publishAt);
  return { isPublished, publishAt };
}

function valuesOf(input: TipInput, current: TipValues | null): TipValues {
  return {
    icon: input.icon,
    title: input.title,
    matchDate: new Date(input.matchDate),
    analisis: input.analisis,
    category: input.category,
    ...publicationOf(input, current),
    ...betOf(input, current),
  };
}

/** A new schedule must be ahead of now; a kept one only before the (maybe moved) kick-off. */
function checkSchedule(next: TipValues, current: TipValues | null, now: Date): void {
  if (next.publishAt === null) return;
  const isNew = next.publishAt.getTime() !== current?.publishAt?.getTime();
  const problem = publishAtProblem(next.publishAt, next.matchDate, isNew ? now : null);
  if (problem) throw new AppError(ERROR_CODES.validation, 400, problem);
}

/** The queue's job for a schedule that is new in this change (an unchanged one has its job). */
function scheduleJobs(id: string, next: TipValues, current: TipValues | null) {
  if (next.publishAt === null || next.publishAt.getTime() === current?.publishAt?.getTime())
    return [];
  return [tipPublishJob(id, next.publishAt)];
}

/** In the track record, or bound to enter it: settled, or a published bet whose match has
 * started. Such a tip can be neither deleted nor hidden (decision 0038). */
function isInTrackRecord(row: TipRow, now: Date): boolean {
  return (
    row.result !== 'pendiente' ||
    (row.oddsCents !== null && row.publishedAt !== null && isLocked(row, now))
  );
}

const inTrackRecord = () => AppError.conflict(MSG.tipInTrackRecord, ERROR_CODES.tipInTrackRecord);

/**
 * Every change editors make to a tip, each in one transaction with what it implies: the row locked
 * while it is checked, the revision recorded when the tip had been public (issue 14 item 2), and
 * the track record's days rewritten.
 */
export function createTipChangesService(deps: {
  db: Db;
  repo: TipsRepository;
  history: TipHistoryRepository;
  clock: Clock;
  /** Alerts: a tip's first publication enqueues its fan-out in the same transaction, so the
   * alert exists exactly when the publication does, and the request does no more than that
   * one insert (decision 0042). */
  jobs: Pick<JobRunner, 'enqueue'>;
}) {
  const { db, repo, history, clock, jobs } = deps;

  async function lockedRow(tx: Db, id: string): Promise<TipRow> {
    const [row] = await tx.select().from(tips).where(eq(tips.id, id)).for('update');
    if (!row) throw AppError.notFound();
    return row;
  }

  /** Shows or hides a locked row and clears its schedule. The first publication is stamped and
   * announced (the alerts' fan-out); a later change of a once-public tip is a revision. */
  async function applyPublished(
    tx: Db,
    current: TipRow,
    isPublished: boolean,
    changedBy: string | null,
    now: Date,
  ): Promise<TipRow> {
    const [updated] = await tx
      .update(tips)
      .set({
        isPublished,
        publishAt: null,
        publishedAt: current.publishedAt ?? (isPublished ? now : null),
        updatedAt: now,
      })
      .where(eq(tips.id, current.id))
      .returning();
    if (current.publishedAt !== null) {
      // Ending a schedule of a tip hidden anyway changes nothing a revision records.
      const changes =
        current.isPublished === isPublished
          ? []
          : [{ field: 'isPublished', before: current.isPublished, after: isPublished }];
      await history.addRevision(tx, {
        tipId: current.id,
        changedBy,
        changedAt: now,
        kind: 'edit',
        changes,
      });
    } else if (isPublished) {
      await jobs.enqueue(tx, tipFanoutJob(current.id));
    }
    await refreshTrackRecordDays(tx, [dayOf(current.matchDate)]);
    return updated ?? current;
  }

  return {
    /** The match must still be ahead on creation; an edit may keep a past date (SPEC.md §5). */
    async create(userId: string, input: TipInput): Promise<TTipResponse> {
      const now = clock();
      const values = valuesOf(input, null);
      if (values.matchDate.getTime() <= now.getTime()) {
        throw new AppError(ERROR_CODES.validation, 400, MSG.matchDateFuture);
      }
      checkSchedule(values, null, now);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insert(
          { ...values, publishedAt: values.isPublished ? now : null, createdBy: userId },
          tx,
        );
        if (inserted.isPublished) await jobs.enqueue(tx, tipFanoutJob(inserted.id));
        await jobs.enqueue(tx, scheduleJobs(inserted.id, values, null));
        return inserted;
      });
      return { success: true, message: NOTICE.tipCreated, tip: toManagementTip(row, now) };
    },

    async update(userId: string, id: string, input: TipInput): Promise<TTipResponse> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        const next = valuesOf(input, current);
        const changes = diff(current, next);
        if (isLocked(current, now) && changes.some((c) => LOCKED_FIELDS.has(c.field))) {
          throw AppError.conflict(MSG.tipLocked, ERROR_CODES.tipLocked);
        }
        if (!next.isPublished && current.isPublished && isInTrackRecord(current, now))
          throw inTrackRecord();
        checkSchedule(next, current, now);
        const publishedAt = current.publishedAt ?? (next.isPublished ? now : null);
        const [updated] = await tx
          .update(tips)
          .set({ ...next, publishedAt, updatedAt: now })
          .where(eq(tips.id, id))
          .returning();
        if (current.publishedAt !== null) {
          await history.addRevision(tx, {
            tipId: id,
            changedBy: userId,
            changedAt: now,
            kind: 'edit',
            changes,
          });
        } else if (next.isPublished) {
          await jobs.enqueue(tx, tipFanoutJob(id));
        }
        await jobs.enqueue(tx, scheduleJobs(id, next, current));
        if (changes.length > 0)
          await refreshTrackRecordDays(tx, [dayOf(current.matchDate), dayOf(next.matchDate)]);
        return updated ?? current;
      });
      return { success: true, message: NOTICE.tipUpdated, tip: toManagementTip(row, now) };
    },

    /** The "Publicado" switch. Either way it ends a schedule: the editor has decided now. */
    async setPublished(userId: string, id: string, isPublished: boolean): Promise<TTipResponse> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        if (current.isPublished === isPublished && current.publishAt === null) return current;
        if (!isPublished && current.isPublished && isInTrackRecord(current, now))
          throw inTrackRecord();
        return applyPublished(tx, current, isPublished, userId, now);
      });
      const message = isPublished ? NOTICE.tipPublished : NOTICE.tipUnpublished;
      return { success: true, message, tip: toManagementTip(row, now) };
    },

    /**
     * The queue's side of a schedule (tips.publish): publishes the tip if it is still waiting for
     * this very time. A schedule moved or cancelled since, or a tip published by hand or deleted,
     * leaves nothing to do. Answers whether it published.
     */
    async publishScheduled(id: string, publishAt: Date): Promise<boolean> {
      const now = clock();
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(tips).where(eq(tips.id, id)).for('update');
        if (!current || current.isPublished) return false;
        if (current.publishAt?.getTime() !== publishAt.getTime()) return false;
        await applyPublished(tx, current, true, null, now);
        return true;
      });
    },

    /** A tip a buyer holds stays: they paid for it (409, the message suggests unpublishing); so
     * does one in the track record (409). Any other tip leaves every pack with it (pack_tips cascades). */
    async remove(id: string): Promise<{ success: true; message: string }> {
      const row = await repo.findById(id);
      if (!row) throw AppError.notFound();
      if (isInTrackRecord(row, clock())) throw inTrackRecord();
      const outcome = await repo.remove(id);
      if (outcome === 'sold') throw AppError.conflict(MSG.tipInSoldPack, ERROR_CODES.tipInSoldPack);
      if (outcome === 'missing') throw AppError.notFound();
      return { success: true, message: NOTICE.tipDeleted };
    },

    /** Records the outcome once the match has started; a new outcome replaces the last, and every
     * one is kept as a revision. */
    async settle(userId: string, id: string, result: SettledResult): Promise<TTipResponse> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        if (current.oddsCents === null)
          throw AppError.conflict(MSG.tipNotTracked, ERROR_CODES.tipNotTracked);
        if (!isLocked(current, now))
          throw AppError.conflict(MSG.matchNotStarted, ERROR_CODES.matchNotStarted);
        if (current.result === result) return current;
        const [updated] = await tx
          .update(tips)
          .set({ result, settledAt: now, updatedAt: now })
          .where(eq(tips.id, id))
          .returning();
        const changes = [{ field: 'result', before: current.result, after: result }];
        await history.addRevision(tx, {
          tipId: id,
          changedBy: userId,
          changedAt: now,
          kind: 'result',
          changes,
        });
        await refreshTrackRecordDays(tx, [dayOf(current.matchDate)]);
        return updated ?? current;
      });
      return { success: true, message: NOTICE.tipSettled, tip: toManagementTip(row, now) };
    },

    async pendingResults(): Promise<TPendingResultsResponse> {
      const { rows, total } = await history.pendingResults(clock());
      return {
        success: true,
        total,
        tips: rows.map((r) => ({
          _id: r.id,
          title: r.title,
          icon: r.icon,
          category: r.category,
          matchDate: r.matchDate.toISOString(),
          pick: r.pick ?? '',
          odds: (r.oddsCents ?? 0) / 100,
          stake: r.stake ?? 0,
        })),
      };
    },
  };
}
export type TipChangesService = ReturnType<typeof createTipChangesService>;
