import {
  PAYMENT_MESSAGES,
  ZCleanPendingResponse,
  ZMyPacksResponse,
  ZPackPaymentRequest,
  ZPackPurchaseStatusResponse,
  ZPackUserStatusResponse,
} from '@magotips/contracts/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { checkoutRoutes } from '../payments/checkout-routes';
import { createPacksRepository } from '../packs/packs.repository';
import { createPackPurchasesRepository } from './pack-purchases.repository';
import { createPackPurchasesService } from './pack-purchases.service';
import { createPackProduct } from './pack-product';

const bearer = [{ bearerAuth: [] }];
const ZPackIdParams = z.object({ packId: z.uuid({ error: PAYMENT_MESSAGES.packIdInvalid }) });

/** Buying packs: checkout, the result page's verification, purchases and pending cleanup. */
export async function packPurchasesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const kit = deps.payments;
  kit.products.register(createPackProduct({ log: app.log, events: deps.readerEvents }));
  const service = createPackPurchasesService({
    kit,
    packs: createPacksRepository(deps.db),
    repo: createPackPurchasesRepository(deps.db),
    clock: deps.clock,
  });
  const signedIn = deps.guards.authenticate;
  const r = app.withTypeProvider<ZodTypeProvider>();

  checkoutRoutes(app, deps, {
    base: '/api/packs',
    tag: 'pack-purchases',
    create: {
      summary: 'Iniciar el pago de un pack con tarjeta (Stripe Checkout o la pasarela simulada)',
      description:
        '`immediateAccessConsent: true` es obligatorio (el comprador acepta los Términos y solicita acceso inmediato, perdiendo el derecho de desistimiento al acceder): sin él responde 400; la hora del consentimiento la pone el servidor y queda en la transacción. Cobra siempre el precio de la base de datos: un `amount` distinto responde 400. 409 PACK_ALREADY_PURCHASED, PENDING_TRANSACTION (pago del pack en curso aún sin sesión abierta) o ACTIVE_STRIPE_SESSION (sesión de pago abierta). 404 si el pack no existe o está inactivo; 400 si ya no tiene partidos por jugar.',
      body: ZPackPaymentRequest,
      run: (account, input) => service.createPayment(account, input),
    },
    comingSoon: (provider) => `Pago de un pack con ${provider}: próximamente (400)`,
    status: { kind: 'pack', noun: 'pack' },
  });

  r.get(
    '/api/packs/verify-status/:packId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['pack-purchases'],
        summary: '¿Compró el usuario este pack?',
        security: bearer,
        params: ZPackIdParams,
        response: { 200: ZPackPurchaseStatusResponse },
      },
    },
    async (request) =>
      service.verifyStatus(deps.guards.requireAuth(request).userId, request.params.packId),
  );

  r.get(
    '/api/packs/mis-packs',
    {
      preValidation: signedIn,
      schema: {
        tags: ['pack-purchases'],
        summary: 'Packs comprados por el usuario (los reembolsados no)',
        security: bearer,
        response: { 200: ZMyPacksResponse },
      },
    },
    async (request, reply) => {
      const { userId } = deps.guards.requireAuth(request);
      const text = await deps.readCache.get(`mis-packs:${userId}`, async () =>
        toJsonText(ZMyPacksResponse, await service.myPacks(userId)),
      );
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/api/packs/estado-usuario',
    {
      preValidation: signedIn,
      schema: {
        tags: ['pack-purchases'],
        summary: 'Resumen en español de los pagos de packs del usuario (pendientes y completados)',
        security: bearer,
        response: { 200: ZPackUserStatusResponse },
      },
    },
    async (request) => service.userStatus(deps.guards.requireAuth(request).userId),
  );

  r.post(
    '/api/packs/clean-pending-transactions',
    {
      preValidation: signedIn,
      schema: {
        tags: ['pack-purchases'],
        summary:
          'Cerrar los pagos pendientes del usuario (packs y suscripciones) y sus sesiones de pago',
        description: 'Un pago que resulta pagado se entrega en lugar de cancelarse. Sin cuerpo.',
        security: bearer,
        response: { 200: ZCleanPendingResponse },
      },
    },
    async (request) => service.cleanPending(deps.guards.requireAuth(request).userId),
  );
}
