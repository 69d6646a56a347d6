import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import { isInTrackRecord as isInRecord } from '@magotips/contracts/tip-in-record';
import { correctionReasonProblem } from '@magotips/contracts/tip-settle';
import type { TPendingResultsResponse } from '@magotips/contracts/track-record-schemas';
import type { TTipResponse } from '@magotips/contracts/tips';
import { dayOf, type SettledResult } from '@magotips/contracts/track-record';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { tips } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import { refreshTrackRecordDays } from '../track-record/track-record-days';
import { snapshotOf, type TipEvent, type TipEventBus } from './tip-events';
import type { RevisionChange, TipHistoryRepository } from './tip-history.repository';
import { tipKickoffJob, tipPublishJob } from './tip-jobs';
import {
  checkWrite,
  diff,
  revisionCategory,
  type TipInput,
  type TipValues,
  valuesOf,
  valuesOfRow,
} from './tip-values';
import { isLocked, type TipRow, toManagementTip } from './tip-views';
import type { TipsRepository } from './tips.repository';

export type { TipInput } from './tip-values';

/** The contract's rule (decision 0038), which the editor's list applies too, on a stored row. */
function isInTrackRecord(row: TipRow, now: Date): boolean {
  return isInRecord({
    result: row.result,
    hasBet: row.oddsCents !== null,
    everPublic: row.publishedAt !== null,
    started: isLocked(row, now),
  });
}

const inTrackRecord = () => AppError.conflict(MSG.tipInTrackRecord, ERROR_CODES.tipInTrackRecord);

/** The queue's jobs a change implies: a schedule that is new (an unchanged one has its job), and
 * the kick-off of a public tip whose match is still ahead (once per tip and date, deduplicated). */
function jobsOf(row: TipRow, current: TipValues | null, now: Date): JobInput[] {
  const list: JobInput[] = [];
  if (row.publishAt !== null && row.publishAt.getTime() !== current?.publishAt?.getTime())
    list.push(tipPublishJob(row.id, row.publishAt));
  if (row.isPublished && row.matchDate.getTime() > now.getTime())
    list.push(tipKickoffJob(row.id, row.matchDate));
  return list;
}

/** The event a change of a tip's values is: published, hidden, or changed while public. */
function eventOf(before: TipRow, after: TipRow, fields: string[], at: Date): TipEvent | null {
  const tip = snapshotOf(after);
  if (!before.isPublished && after.isPublished)
    return { type: 'published', at, tip, first: before.publishedAt === null };
  if (before.isPublished && !after.isPublished) return { type: 'hidden', at, tip };
  const changed = fields.filter((f) => f !== 'isPublished' && f !== 'publishAt');
  if (after.isPublished && changed.length > 0) return { type: 'changed', at, tip, fields: changed };
  return null;
}

/** When the current publication began: kept while the tip stays public, now when it is shown,
 * null while hidden. A bet counts only when its tip was public at kick-off. */
const publicSinceOf = (current: TipRow, isPublished: boolean, now: Date): Date | null =>
  !isPublished
    ? null
    : current.isPublished
      ? (current.publicSince ?? current.publishedAt ?? now)
      : now;

/**
 * Every change editors make to a tip, each in one transaction with what it implies: the row locked
 * while it is checked, the revision recorded when the tip had been public (issue 14 item 2), the
 * track record's days rewritten, and the tip's event told to its subscribers (alerts, the ledger)
 * through `events`, inside the same transaction (issue 28 item 2).
 */
export function createTipChangesService(deps: {
  db: Db;
  repo: TipsRepository;
  history: TipHistoryRepository;
  clock: Clock;
  jobs: Pick<JobRunner, 'enqueue'>;
  events: Pick<TipEventBus, 'emit'>;
}) {
  const { db, repo, history, clock, jobs, events } = deps;

  async function lockedRow(tx: Db, id: string): Promise<TipRow> {
    const [row] = await tx.select().from(tips).where(eq(tips.id, id)).for('update');
    if (!row) throw AppError.notFound();
    return row;
  }

  /** Writes `next` over the locked `current` with everything it implies; answers the new row. */
  async function write(
    tx: Db,
    current: TipRow,
    next: TipValues,
    changedBy: string | null,
    now: Date,
  ): Promise<TipRow> {
    const changes = diff(current, next);
    const [updated] = await tx
      .update(tips)
      .set({
        ...next,
        publishedAt: current.publishedAt ?? (next.isPublished ? now : null),
        publicSince: publicSinceOf(current, next.isPublished, now),
        updatedAt: now,
      })
      .where(eq(tips.id, current.id))
      .returning();
    const row = updated ?? current;
    if (current.publishedAt !== null) {
      await history.addRevision(tx, {
        tipId: current.id,
        changedBy,
        changedAt: now,
        kind: 'edit',
        category: revisionCategory(current, next),
        changes,
      });
    }
    const event = eventOf(
      current,
      row,
      changes.map((c) => c.field),
      now,
    );
    if (event) await events.emit(tx, event);
    await jobs.enqueue(tx, jobsOf(row, current, now));
    if (changes.length > 0)
      await refreshTrackRecordDays(tx, [dayOf(current.matchDate), dayOf(next.matchDate)]);
    return row;
  }

  /** Shows or hides a locked row and ends its schedule: the editor (or the queue) has decided. */
  function applyPublished(
    tx: Db,
    current: TipRow,
    isPublished: boolean,
    by: string | null,
    now: Date,
  ) {
    return write(tx, current, { ...valuesOfRow(current), isPublished, publishAt: null }, by, now);
  }

  return {
    /** The match must be ahead on creation; so must a date an edit moves (the proof issue). */
    async create(userId: string, input: TipInput): Promise<TTipResponse> {
      const now = clock();
      const values = valuesOf(input, null);
      checkWrite(values, null, now);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insert(
          {
            ...values,
            publishedAt: values.isPublished ? now : null,
            publicSince: values.isPublished ? now : null,
            createdBy: userId,
          },
          tx,
        );
        if (inserted.isPublished)
          await events.emit(tx, {
            type: 'published',
            at: now,
            tip: snapshotOf(inserted),
            first: true,
          });
        await jobs.enqueue(tx, jobsOf(inserted, null, now));
        // The day's counts of pending bets and analyses without one include it (decision 0074).
        if (inserted.isPublished) await refreshTrackRecordDays(tx, [dayOf(inserted.matchDate)]);
        return inserted;
      });
      return { success: true, message: NOTICE.tipCreated, tip: toManagementTip(row, now) };
    },

    async update(userId: string, id: string, input: TipInput): Promise<TTipResponse> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        const next = valuesOf(input, current);
        checkWrite(next, current, now);
        if (!next.isPublished && current.isPublished && isInTrackRecord(current, now))
          throw inTrackRecord();
        return write(tx, current, next, userId, now);
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

    /** The queue's side of a kick-off (tips.kickoff): announced only for a tip public at its
     * kick-off, on the date the job was made for. Answers whether it announced. */
    async kickOff(id: string, matchDate: Date): Promise<boolean> {
      const now = clock();
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(tips).where(eq(tips.id, id)).for('update');
        if (!row?.isPublished || row.matchDate.getTime() !== matchDate.getTime()) return false;
        if (!isLocked(row, now) || (row.publicSince?.getTime() ?? Infinity) > matchDate.getTime())
          return false;
        await events.emit(tx, { type: 'kickedOff', at: now, tip: snapshotOf(row) });
        return true;
      });
    },

    /** A tip a buyer holds stays: they paid for it (409, the message suggests unpublishing); so
     * does one in the track record (409). Any other tip leaves every pack with it (pack_tips
     * cascades); a public one is withdrawn in the ledger. */
    async remove(id: string): Promise<{ success: true; message: string }> {
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await lockedRow(tx, id);
        if (isInTrackRecord(row, now)) throw inTrackRecord();
        const outcome = await repo.remove(id, tx);
        if (outcome === 'sold')
          throw AppError.conflict(MSG.tipInSoldPack, ERROR_CODES.tipInSoldPack);
        if (outcome === 'missing') throw AppError.notFound();
        if (row.isPublished) await refreshTrackRecordDays(tx, [dayOf(row.matchDate)]);
        await events.emit(tx, {
          type: 'deleted',
          at: now,
          tip: snapshotOf(row),
          wasPublic: row.isPublished,
        });
      });
      return { success: true, message: NOTICE.tipDeleted };
    },

    /** Records the outcome once the match has started. A later, different outcome (or closing
     * odds) is a correction, which needs its reason; every one is kept as a public revision. */
    async settle(
      userId: string,
      id: string,
      input: { result: SettledResult; closingOddsCents?: number | null; reason?: string },
    ): Promise<TTipResponse> {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        const current = await lockedRow(tx, id);
        if (current.oddsCents === null)
          throw AppError.conflict(MSG.tipNotTracked, ERROR_CODES.tipNotTracked);
        if (!isLocked(current, now))
          throw AppError.conflict(MSG.matchNotStarted, ERROR_CODES.matchNotStarted);
        const closing =
          input.closingOddsCents === undefined ? current.closingOddsCents : input.closingOddsCents;
        if (current.result === input.result && closing === current.closingOddsCents) return current;
        const isCorrection = current.result !== 'pendiente';
        const reason = input.reason?.trim() ?? null;
        const problem = isCorrection ? correctionReasonProblem(reason) : null;
        if (problem) throw new AppError(ERROR_CODES.validation, 400, problem);
        const [updated] = await tx
          .update(tips)
          .set({ result: input.result, closingOddsCents: closing, settledAt: now, updatedAt: now })
          .where(eq(tips.id, id))
          .returning();
        const changes: RevisionChange[] = [
          { field: 'result', before: current.result, after: input.result },
        ];
        if (closing !== current.closingOddsCents)
          changes.push({
            field: 'closingOdds',
            before:
              current.closingOddsCents === null ? null : String(current.closingOddsCents / 100),
            after: closing === null ? null : String(closing / 100),
          });
        // Results are public in the record: their revisions are shown to everyone.
        await history.addRevision(tx, {
          tipId: id,
          changedBy: userId,
          changedAt: now,
          kind: isCorrection ? 'correction' : 'result',
          category: 'free',
          changes,
          reason: isCorrection ? reason : null,
        });
        const row = updated ?? current;
        await events.emit(tx, {
          type: 'settled',
          at: now,
          tip: snapshotOf(row),
          previous: current.result,
          reason: isCorrection ? reason : null,
          closingOddsCents: closing,
        });
        await refreshTrackRecordDays(tx, [dayOf(current.matchDate)]);
        return row;
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
