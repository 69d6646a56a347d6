import { z } from 'zod';
import type { ReadCache } from '../../lib/read-cache';
import type { JobRunner } from '../jobs/job-runner';
import type { TipChangesService } from './tip-changes.service';
import { TIP_KICKOFF_JOB, TIP_PUBLISH_JOB } from './tip-jobs';

const ZPublishPayload = z.object({ tipId: z.uuid(), publishAt: z.iso.datetime() });
const ZKickoffPayload = z.object({ tipId: z.uuid(), matchDate: z.iso.datetime() });

/** The queue's side of the tips' own jobs: scheduled publications and kick-offs. */
export function registerTipJobs(deps: {
  jobs: Pick<JobRunner, 'register'>;
  changes: Pick<TipChangesService, 'publishScheduled' | 'kickOff'>;
  readCache: Pick<ReadCache, 'clear'>;
}): void {
  deps.jobs.register(TIP_PUBLISH_JOB, async (job, ctx) => {
    const parsed = ZPublishPayload.safeParse(job.payload);
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

  deps.jobs.register(TIP_KICKOFF_JOB, async (job, ctx) => {
    const parsed = ZKickoffPayload.safeParse(job.payload);
    if (!parsed.success) {
      ctx.log.error({ jobId: job.id }, 'tips.kickoff: payload no válido, se descarta');
      return;
    }
    const { tipId, matchDate } = parsed.data;
    const announced = await deps.changes.kickOff(tipId, new Date(matchDate));
    if (announced) deps.readCache.clear();
    ctx.log.info({ tipId, announced }, 'tips.kickoff');
  });
}
