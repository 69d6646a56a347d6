import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  PAYMENT_MESSAGES,
  ZCleanPendingResponse,
  ZMyPacksResponse,
  ZPackPaymentRequest,
  ZPackPurchaseStatusResponse,
  ZPackUserStatusResponse,
  ZPaymentCreateResponse,
  ZTransactionResponse,
} from '@magotips/contracts/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { ZSessionIdParams, ZTransactionParams } from '../payments/payment-params';
import { CHECKOUT_CREATION_LIMIT } from '../payments/payments-kit';
import { createPacksRepository } from '../packs/packs.repository';
import { createPackPurchasesRepository } from './pack-purchases.repository';
import { createPackPurchasesService } from './pack-purchases.service';
import { createPackProduct } from './pack-product';
import { comingSoon } from '../payments/checkout.service';

const bearer = [{ bearerAuth: [] }];
const ZPackIdParams = z.object({ packId: z.uuid({ error: PAYMENT_MESSAGES.packIdInvalid }) });
const conflict = { 409: ZErrorResponse };

/** Buying packs: checkout, the result page's verification, purchases and pending cleanup. */
export async function packPurchasesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const kit = deps.payments;
  kit.products.register(createPackProduct({ log: app.log }));
  const service = createPackPurchasesService({
    kit,
    packs: createPacksRepository(deps.db),
    repo: createPackPurchasesRepository(deps.db),
    clock: deps.clock,
  });
  const createLimit = deps.rateLimiter.hooks([CHECKOUT_CREATION_LIMIT]);
  const signedIn = deps.guards.authenticate;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/packs/create-payment-stripe',
    {
      preValidation: signedIn,
      preHandler: createLimit.preHandler,
      onResponse: createLimit.onResponse,
      schema: {
        tags: ['pack-purchases'],
        summary: 'Iniciar el pago de un pack con tarjeta (Stripe Checkout o la pasarela simulada)',
        description:
          '`immediateAccessConsent: true` es obligatorio (el comprador acepta los Términos y solicita acceso inmediato, perdiendo el derecho de desistimiento al acceder): sin él responde 400; la hora del consentimiento la pone el servidor y queda en la transacción. Cobra siempre el precio de la base de datos: un `amount` distinto responde 400. 409 PACK_ALREADY_PURCHASED, PENDING_TRANSACTION (pago del pack en curso aún sin sesión abierta) o ACTIVE_STRIPE_SESSION (sesión de pago abierta). 404 si el pack no existe o está inactivo; 400 si ya no tiene partidos por jugar.',
        security: bearer,
        body: ZPackPaymentRequest,
        response: { 201: ZPaymentCreateResponse, ...conflict },
      },
    },
    async (request, reply) => {
      const auth = deps.guards.requireAuth(request);
      return reply.status(201).send(await service.createPayment(auth.account, request.body));
    },
  );

  for (const method of ['paypal', 'mercadopago'] as const) {
    r.post(
      `/api/packs/create-payment-${method}`,
      {
        preValidation: signedIn,
        schema: {
          tags: ['pack-purchases'],
          summary: `Pago de un pack con ${method === 'paypal' ? 'PayPal' : 'Mercado Pago'}: próximamente (400)`,
          security: bearer,
        },
      },
      async () => {
        throw comingSoon(method) ?? AppError.badRequest();
      },
    );
  }

  r.get(
    '/api/packs/check-payment/:transactionId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['pack-purchases'],
        summary: 'Estado de un pago de pack propio (consulta al proveedor si sigue pendiente)',
        description: '404 si la transacción no existe o es de otro usuario.',
        security: bearer,
        params: ZTransactionParams,
        response: { 200: ZTransactionResponse },
      },
    },
    async (request) =>
      service.checkPayment(deps.guards.requireAuth(request).userId, request.params.transactionId),
  );

  r.get(
    '/api/packs/verify-session/:sessionId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['pack-purchases'],
        summary: 'Verificar un pago de pack por el session_id de la página de pago exitoso',
        security: bearer,
        params: ZSessionIdParams,
        response: { 200: ZTransactionResponse },
      },
    },
    async (request) =>
      service.verifySession(deps.guards.requireAuth(request).userId, request.params.sessionId),
  );

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
