import { z } from 'zod';
import type { ReaderEventBus } from '../events/reader-events';
import type { JobRunner } from '../jobs/job-runner';
import type { SubscriptionsService } from './subscriptions.service';

/** The renewal a pause stops (decision 0116): a job of the durable queue, enqueued in the
 * pause's own transaction, so the provider call (Stripe's cancel_at_period_end) happens after
 * the commit and is tried again if the provider fails, never lost. */
export const PAUSE_RENEWAL_JOB = 'subscriptions.pause-renewal';

const ZPauseRenewal = z.object({ userId: z.uuid() });

export function registerPauseRenewal(deps: {
  events: Pick<ReaderEventBus, 'queue'>;
  jobs: JobRunner;
  service: Pick<SubscriptionsService, 'stopRenewal'>;
}): void {
  deps.events.queue('readerPaused', (e) => ({
    kind: PAUSE_RENEWAL_JOB,
    payload: { userId: e.userId },
    dedupeKey: `${PAUSE_RENEWAL_JOB}:${e.userId}:${e.at.getTime()}`,
  }));
  deps.jobs.register(PAUSE_RENEWAL_JOB, async (job) => {
    await deps.service.stopRenewal(ZPauseRenewal.parse(job.payload).userId);
  });
}
