import { ZErrorResponse } from '@magotips/contracts/error-response';
import { ZReferralsMeResponse } from '@magotips/contracts/referrals';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { registerRewardEmailJob } from './referral-email';
import { recordFirstPayments, registerSettlementJob } from './referral-settlement';
import { createReferralsService } from './referrals.service';

/** Referrals (issue 33 item 3, decision 0119): the reader's link and counts, the first payments
 * of the readers it brought (on the payments' bus) and their settlement 14 days later. The
 * friend's discount is the payments' discount port, which app.ts hands to the payments kit. */
export async function referralsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const service = createReferralsService({
    db: deps.db,
    clock: deps.clock,
    appUrl: deps.config.appUrl,
  });
  recordFirstPayments(deps.paymentEvents, deps.jobs);
  registerSettlementJob({
    jobs: deps.jobs,
    kit: deps.payments,
    users: deps.users,
    afterCommit: () => deps.readCache.clear(),
  });
  registerRewardEmailJob({
    jobs: deps.jobs,
    mailer: deps.mailer,
    users: deps.users,
    appUrl: deps.config.appUrl,
  });
  const { authenticate, requireAuth } = deps.guards;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/referrals/me',
    {
      schema: {
        tags: ['referrals'],
        summary:
          'Tu enlace de invitación, cuántos se registraron y pagaron con él y tus meses gratis',
        description:
          'Cualquier cuenta con sesión. El código (8 caracteres) se crea la primera vez. `signedUp`: cuentas creadas con el enlace; `paid`: de ellas, las que hicieron su primer pago y no lo reembolsaron; `rewards`: meses gratis recibidos (1 por amigo cuyo primer pago cumple 14 días sin reembolso), el más reciente primero; como mucho `maxMonthsPerYear` en 365 días (`monthsLastYear`). `welcomeDiscount`: el 10 % del propio lector si vino invitado y aún no ha pagado. Docs: docs/decisions/0119-referrals.md.',
        security: [{ bearerAuth: [] }],
        response: { 200: ZReferralsMeResponse, 401: ZErrorResponse },
      },
      onRequest: authenticate,
    },
    async (request) => service.me(requireAuth(request).account.user.id),
  );
}
