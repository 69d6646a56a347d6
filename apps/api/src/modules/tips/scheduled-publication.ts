import { z } from 'zod';
import type { ReadCache } from '../../lib/read-cache';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { TipChangesService } from './tip-changes.service';

/** Issue 15 item 2: an editor may set a future publication time, which the job queue honours. */
export const TIP_PUBLISH_JOB = 'tips.publish';

const ZPayload = z.object({ tipId: z.uuid(), publishAt: z.iso.datetime() });

/**
 * The job that publishes `tipId` at `publishAt`. Its key holds the time: a tip rescheduled gets a
 * new job, and the old one, finding another time stored, does nothing (publishScheduled).
 */
export function tipPublishJob(tipId: string, publishAt: Date): JobInput {
  const at = publishAt.toISOString();
  return {
    kind: TIP_PUBLISH_JOB,
    payload: { tipId, publishAt: at },
    runAt: publishAt,
    dedupeKey: `${TIP_PUBLISH_JOB}:${tipId}:${at}`,
  };
}

export function registerScheduledPublication(deps: {
  jobs: Pick<JobRunner, 'register'>;
  changes: Pick<TipChangesService, 'publishScheduled'>;
  readCache: Pick<ReadCache, 'clear'>;
}): void {
  deps.jobs.register(TIP_PUBLISH_JOB, async (job, ctx) => {
    const parsed = ZPayload.safeParse(job.payload);
    if (!parsed.success) {
      ctx.log.error({ jobId: job.id }, 'tips.publish: payload no válido, se descarta');
      return;
    }
    const { tipId, publishAt } = parsed.data;
    const published = await deps.changes.publishScheduled(tipId, new Date(publishAt));
    // This instance's cached lists show the tip at once; others within one TTL, as after any write.
    if (published) deps.readCache.clear();
    ctx.log.info({ tipId, published }, 'tips.publish');
  });
}
