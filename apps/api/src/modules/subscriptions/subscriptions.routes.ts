import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  ZPaymentCreateResponse,
  ZSubscriptionPaymentRequest,
  ZSubscriptionRenewalResponse,
  ZTransactionResponse,
} from '@magotips/contracts/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { comingSoon } from '../payments/checkout.service';
import { ZSessionIdParams, ZTransactionParams } from '../payments/payment-params';
import { CHECKOUT_CREATION_LIMIT } from '../payments/payments-kit';
import { createPlansRepository } from '../plans/plans.repository';
import { createSubscriptionProduct } from './subscription-product';
import { createSubscriptionsRepository } from './subscriptions.repository';
import { createSubscriptionsService } from './subscriptions.service';

const bearer = [{ bearerAuth: [] }];

/** Subscribing to a plan (Stripe subscription or one-off payment), its verification, and the
 * renewal switch of the account page. */
export async function subscriptionsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const kit = deps.payments;
  kit.products.register(createSubscriptionProduct());
  const service = createSubscriptionsService({
    kit,
    plans: createPlansRepository(deps.db),
    subscriptions: createSubscriptionsRepository(deps.db),
    users: deps.users,
    clock: deps.clock,
  });
  const createLimit = deps.rateLimiter.hooks([CHECKOUT_CREATION_LIMIT]);
  const signedIn = deps.guards.authenticate;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/subscriptions/create-payment-stripe',
    {
      preValidation: signedIn,
      preHandler: createLimit.preHandler,
      onResponse: createLimit.onResponse,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Iniciar el pago de un plan con tarjeta (recurring: suscripción mensual; si no, pago único)',
        description:
          "`immediateAccessConsent: true` es obligatorio (el comprador acepta los Términos y solicita acceso inmediato, perdiendo el derecho de desistimiento al acceder): sin él responde 400; la hora del consentimiento la pone el servidor y queda en la transacción. Cobra siempre el precio de la base de datos: un `amount` distinto responde 400. 'Por favor selecciona un plan' sin plan; 404 si el plan no existe o está inactivo; 409 ACTIVE_SUBSCRIPTION si ya hay una suscripción con renovación automática. Un pago de suscripción anterior sin completar se cierra (su sesión expira) antes de abrir el nuevo.",
        security: bearer,
        body: ZSubscriptionPaymentRequest,
        response: { 201: ZPaymentCreateResponse, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = deps.guards.requireAuth(request);
      return reply.status(201).send(await service.createPayment(auth.account, request.body));
    },
  );

  for (const method of ['paypal', 'mercadopago'] as const) {
    r.post(
      `/api/subscriptions/create-payment-${method}`,
      {
        preValidation: signedIn,
        schema: {
          tags: ['subscriptions'],
          summary: `Suscripción con ${method === 'paypal' ? 'PayPal' : 'Mercado Pago'}: próximamente (400)`,
          security: bearer,
        },
      },
      async () => {
        throw comingSoon(method) ?? AppError.badRequest();
      },
    );
  }

  r.get(
    '/api/subscriptions/check-payment/:transactionId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Estado de un pago de suscripción propio (consulta al proveedor si sigue pendiente)',
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
    '/api/subscriptions/verify-session/:sessionId',
    {
      preValidation: signedIn,
      schema: {
        tags: ['subscriptions'],
        summary: 'Verificar un pago de suscripción por el session_id de la página de pago exitoso',
        security: bearer,
        params: ZSessionIdParams,
        response: { 200: ZTransactionResponse },
      },
    },
    async (request) =>
      service.verifySession(deps.guards.requireAuth(request).userId, request.params.sessionId),
  );

  r.post(
    '/api/subscriptions/cancel',
    {
      preValidation: signedIn,
      schema: {
        tags: ['subscriptions'],
        summary:
          'Cancelar la renovación automática (el acceso sigue hasta el final del periodo pagado)',
        description:
          'Deja isRecurring en false, lo que permite eliminar la cuenta. 400 NO_ACTIVE_SUBSCRIPTION sin suscripción.',
        security: bearer,
        response: { 200: ZSubscriptionRenewalResponse },
      },
    },
    async (request) => service.cancel(deps.guards.requireAuth(request).userId),
  );

  r.post(
    '/api/subscriptions/resume',
    {
      preValidation: signedIn,
      schema: {
        tags: ['subscriptions'],
        summary: 'Reactivar la renovación automática de una suscripción aún vigente',
        description:
          '400 SUBSCRIPTION_ENDED si ya terminó; 400 ONE_OFF_SUBSCRIPTION si se pagó como pago único.',
        security: bearer,
        response: { 200: ZSubscriptionRenewalResponse },
      },
    },
    async (request) => service.resume(deps.guards.requireAuth(request).userId),
  );
}
