import { ZGiftPaymentRequest, ZGiftPurchaseResponse } from '@magotips/contracts/gifts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { createPacksRepository } from '../packs/packs.repository';
import { checkoutRoutes } from '../payments/checkout-routes';
import { ZSessionIdParams } from '../payments/payment-params';
import { createPlansRepository } from '../plans/plans.repository';
import { registerGiftEmailJobs } from './gift-email-jobs';
import { createGiftProduct } from './gift-product';
import { createGiftsService } from './gifts.service';

const bearer = [{ bearerAuth: [] }];

/** Buying a plan or a pack as a gift for someone else (decision 0053). */
export async function giftsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const kit = deps.payments;
  const giftSecret = deps.config.jwtSecret;
  kit.products.register(createGiftProduct({ jobs: deps.jobs, log: app.log, giftSecret }));
  registerGiftEmailJobs({
    jobs: deps.jobs,
    mailer: deps.mailer,
    payments: kit.repo,
    users: deps.users,
    appUrl: deps.config.appUrl,
    supportEmail: deps.config.supportEmail,
    giftSecret,
  });
  const service = createGiftsService({
    db: deps.db,
    kit,
    plans: createPlansRepository(deps.db),
    packs: createPacksRepository(deps.db),
    clock: deps.clock,
    giftSecret,
  });
  const signedIn = deps.guards.authenticate;
  const r = app.withTypeProvider<ZodTypeProvider>();

  checkoutRoutes(app, deps, {
    base: '/api/gifts',
    tag: 'gifts',
    create: {
      summary: 'Iniciar el pago de un regalo (un plan o un pack) para otra persona',
      description:
        'Pago único (nunca recurrente) por Stripe Checkout o la pasarela simulada, con códigos promocionales. `type: "plan"` con `planKey` y `months` (un entero de 1 a 12; el importe lo calcula el servidor: el precio mensual del plan por los meses) o `type: "pack"` con `packId` (aunque el comprador ya lo tenga). `recipientEmail` y `message` (≤ 300 caracteres, texto sin caracteres de control ni enlaces: 400 «El mensaje no puede contener enlaces») son opcionales; el email al destinatario lleva el asunto fijo «Tienes un regalo en MagoTips» y el mensaje como cita de quien regala. `immediateAccessConsent: true` es obligatorio, como en cualquier compra. Al pagarse se emite un código de regalo que se envía por email al comprador y, si se indicó, al destinatario. 404 si el plan o el pack no existen o están inactivos.',
      body: ZGiftPaymentRequest,
      run: (account, input) => service.createPayment(account, input),
    },
  });

  r.get(
    '/api/gifts/verify-session/:sessionId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['gifts'],
        summary: 'Verificar el pago de un regalo propio; una vez pagado, su código',
        description: '404 si la sesión no es de un regalo del usuario.',
        security: bearer,
        params: ZSessionIdParams,
        response: { 200: ZGiftPurchaseResponse },
      },
    },
    async (request) =>
      service.verifySession(deps.guards.requireAuth(request).userId, request.params.sessionId),
  );
}
