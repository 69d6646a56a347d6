import {
  ZAdminAlertsQuery,
  ZAdminAlertsResponse,
  ZAdminAlertsRetryResponse,
} from '@magotips/contracts/alerts';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import type { AlertDeliveriesRepository } from './alert-deliveries.repository';
import { createAdminAlertsService } from './admin-alerts.service';

// The service checks the id, so a malformed one is the same 404 as an unknown one.
const ZTipParams = z.object({ tipId: z.string().max(100) });
const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };
const admin = { tags: ['admin'], security: [{ bearerAuth: [] }] };

export async function adminAlertsRoutes(
  app: FastifyInstance,
  opts: { deps: ModuleDeps; deliveries: AlertDeliveriesRepository },
) {
  const { deps } = opts;
  const service = createAdminAlertsService({
    db: deps.db,
    deliveries: opts.deliveries,
    jobs: deps.jobs,
    clock: deps.clock,
  });
  // Checked before validation: someone who is not an admin learns nothing about the inputs.
  const adminOnly = deps.guards.requireAnyRole(['admin'], MSG.adminRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/alerts',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary:
          'Avisos de nuevos tips: por tip, cuántos en cola, enviados, fallidos y descartados',
        querystring: ZAdminAlertsQuery,
        response: { 200: ZAdminAlertsResponse, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  r.post(
    '/api/admin/alerts/:tipId/retry',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary: 'Volver a poner en cola los avisos descartados de un tip',
        params: ZTipParams,
        response: { 200: ZAdminAlertsRetryResponse, ...errors, 404: ZErrorResponse },
      },
    },
    async (request) => service.retryDead(request.params.tipId),
  );
}
