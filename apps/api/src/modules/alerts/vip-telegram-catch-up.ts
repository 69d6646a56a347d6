import { z } from 'zod';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { ReaderEventBus } from '../events/reader-events';
import type { ClaimedJob, JobContext, JobRunner } from '../jobs/job-runner';
import { postJob } from './vip-telegram-jobs';
import type { VipTelegramRepository } from './vip-telegram.repository';

/** The late copies (decision 0110): a pack bought, or Telegram linked, after some of the pack's
 * VIP tips were published. */
export const VIP_CATCH_UP_JOB = 'alerts.vip.catch-up';
/** A pack's tips changed: one catch-up per linked buyer of it. */
export const VIP_PACK_CATCH_UP_JOB = 'alerts.vip.pack-catch-up';

const ZCatchUp = z.object({ userId: z.uuid() });
const ZPackCatchUp = z.object({ packId: z.uuid() });

/**
 * One catch-up job per purchase and per link, enqueued in their transaction. Its key names the
 * occasion (the purchase's payment, the link's time), so the same event again adds nothing and
 * a second pack or a new link later still gets its own job.
 */
export function subscribeVipCatchUp(events: Pick<ReaderEventBus, 'queue'>): void {
  events.queue('packBought', (e) => ({
    kind: VIP_CATCH_UP_JOB,
    payload: { userId: e.userId },
    dedupeKey: `alerts.vip.catch-up:${e.userId}:pack:${e.transactionId}`,
  }));
  events.queue('telegramLinked', (e) => ({
    kind: VIP_CATCH_UP_JOB,
    payload: { userId: e.userId },
    dedupeKey: `alerts.vip.catch-up:${e.userId}:link:${e.at.getTime()}`,
  }));
  events.queue('packTipsChanged', (e) => ({
    kind: VIP_PACK_CATCH_UP_JOB,
    payload: { packId: e.packId },
    dedupeKey: `${VIP_PACK_CATCH_UP_JOB}:${e.packId}:${e.at.getTime()}`,
  }));
}

/**
 * The job reads what is owed when it runs (linked, not subscribed, tips not started and not yet
 * in that chat) and queues the ordinary post jobs with their keys: a tip whose fan-out already
 * queued this reader's copy adds nothing, and each post checks the tip and the chat again.
 */
export function registerVipCatchUpJob(deps: {
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  repo: VipTelegramRepository;
}): void {
  const { db, clock, jobs, repo } = deps;
  jobs.register(VIP_CATCH_UP_JOB, async (job: ClaimedJob, ctx: JobContext) => {
    const { userId } = ZCatchUp.parse(job.payload);
    const tipIds = await repo.owedTips(userId, clock());
    const queued = await jobs.enqueue(
      db,
      tipIds.map((tipId) => postJob(tipId, userId)),
    );
    ctx.log.info(
      { job: job.kind, jobId: job.id, queued },
      'copias VIP atrasadas de Telegram en cola',
    );
  });
  // Each buyer's own catch-up, keyed by this job: run again, it adds nothing.
  jobs.register(VIP_PACK_CATCH_UP_JOB, async (job: ClaimedJob) => {
    const { packId } = ZPackCatchUp.parse(job.payload);
    const buyers = await repo.linkedBuyersOf(packId);
    await jobs.enqueue(
      db,
      buyers.map((userId) => ({
        kind: VIP_CATCH_UP_JOB,
        payload: { userId },
        dedupeKey: `alerts.vip.catch-up:${userId}:pack-tips:${job.id}`,
      })),
    );
  });
}
