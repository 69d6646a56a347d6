import {
  alertsRetriedMessage,
  type TAdminAlertsResponse,
  type TAdminAlertsRetryResponse,
} from '@magotips/contracts/alerts';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { JobRunner } from '../jobs/job-runner';
import type { AlertDeliveriesRepository } from './alert-deliveries.repository';
import { ALERT_JOBS } from './alert-job-kinds';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The admin panel's view of alerts: counts per tip, and the retry of the dead ones. */
export function createAdminAlertsService(deps: {
  db: Db;
  deliveries: AlertDeliveriesRepository;
  jobs: Pick<JobRunner, 'enqueue'>;
  clock: Clock;
}) {
  const { db, deliveries, jobs, clock } = deps;
  return {
    async list(query: { page: number; limit: number }): Promise<TAdminAlertsResponse> {
      const { page, limit } = query;
      const { rows, total } = await deliveries.countsByTip(page, limit);
      return {
        success: true,
        tips: rows.map((r) => ({ ...r, publishedAt: r.publishedAt?.toISOString() ?? null })),
        pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      };
    },

    /** Each dead delivery of the tip goes back to `queued` with a new job, in one transaction:
     * a crash leaves no row queued without the job that sends it. */
    async retryDead(tipId: string): Promise<TAdminAlertsRetryResponse> {
      if (!UUID.test(tipId) || !(await deliveries.tipExists(tipId))) throw AppError.notFound();
      const now = clock();
      const retried = await db.transaction(async (tx) => {
        const ids = await deliveries.requeueDead(tx, tipId, now);
        await jobs.enqueue(
          tx,
          ids.map((deliveryId) => ({ kind: ALERT_JOBS.deliver, payload: { deliveryId } })),
        );
        return ids.length;
      });
      return { success: true, retried, message: alertsRetriedMessage(retried) };
    },
  };
}
