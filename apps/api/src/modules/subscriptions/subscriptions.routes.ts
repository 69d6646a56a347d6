import {
  ZSubscriptionPaymentRequest,
  ZSubscriptionRenewalResponse,
} from '@magotips/contracts/payments';
import { ZTrialEligibilityResponse } from '@magotips/contracts/trial-eligibility';
import { ZPlanChangePreviewRequest, ZPlanChangePreviewResponse, ZPlanChangeRequest, ZPlanChangeResponse } from '@magotips/contracts/plan-change';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { checkoutRoutes } from '../payments/checkout-routes';
import { CHECKOUT_CREATION_LIMIT } from '../payments/payments-kit';
import { createPlansRepository } from '../plans/plans.repository';
import { createBillingPortal } from './billing-portal';
import { billingRoutes } from './billing.routes';
import { registerNextChargeJob } from './next-charge';
import { createPlanChangeService } from './plan-change.service';
import { createSubscriptionProduct } from './subscription-product';
import { createSubscriptionsRepository } from './subscriptions.repository';
import { createSubscriptionsService } from './subscriptions.service';
import { registerTrialReminderJob } from './trial-reminder';
import { createTrialUses } from './trial-uses';
import { registerPauseRenewal } from './pause-renewal';
import { ensureNotPaused } from '../users/user-pause';

const bearer = [{ bearerAuth: [] }];

/** Subscribing to a plan (Stripe subscription or one-off payment), its verification, and the
 * renewal switch of the account page. */
export async function subscriptionsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const kit = deps.payments;
  kit.products.register(createSubscriptionProduct());
  registerNextChargeJob({ jobs: deps.jobs, kit });
  const subscriptions = createSubscriptionsRepository(deps.db);
  await billingRoutes(app, deps, createBillingPortal({ kit, db: deps.db, subscriptions }));
  registerTrialReminderJob({
    jobs: deps.jobs,
    mailer: deps.mailer,
    users: deps.users,
    appUrl: deps.config.appUrl,
  });
  const service = createSubscriptionsService({
    kit,
    plans: createPlansRepository(deps.db),
    subscriptions,
    users: deps.users,
    trials: createTrialUses(deps.db),
    clock: deps.clock,
  });
  registerPauseRenewal({ events: deps.readerEvents, jobs: deps.jobs, service });
  const planChange = createPlanChangeService({
    kit,
    db: deps.db,
    plans: createPlansRepository(deps.db),
    subscriptions,
    users: deps.users,
    clock: deps.clock,
  });
  const signedIn = deps.guards.authenticate;
  const r = app.withTypeProvider<ZodTypeProvider>();

  checkoutRoutes(app, deps, {
    base: '/api/subscriptions',
    tag: 'subscriptions',
    create: {
      summary:
        'Iniciar el pago de un plan con tarjeta (recurring: suscripción mensual; si no, pago único)',
      description:
        "`immediateAccessConsent: true` es obligatorio (el comprador acepta los Términos y solicita acceso inmediato, perdiendo el derecho de desistimiento al acceder): sin él responde 400; la hora del consentimiento la pone el servidor y queda en la transacción. Cobra siempre el precio de la base de datos: un `amount` distinto responde 400. 'Por favor selecciona un plan' sin plan; 404 si el plan no existe o está inactivo; 409 ACTIVE_SUBSCRIPTION si ya hay una suscripción con renovación automática. Un pago de suscripción anterior sin completar se cierra (su sesión expira) antes de abrir el nuevo.",
      body: ZSubscriptionPaymentRequest,
      run: (account, input) => service.createPayment(account, input),
    },
    comingSoon: (provider) => `Suscripción con ${provider}: próximamente (400)`,
    status: { kind: 'subscription', noun: 'suscripción' },
  });

  r.get(
    '/api/subscriptions/trial-eligibility',
    {
      preValidation: signedIn,
      schema: {
        tags: ['subscriptions'],
        summary: '¿Empezaría con prueba gratuita la próxima suscripción del usuario?',
        description:
          'Una prueba gratuita por persona: por cuenta y por e-mail, también tras borrar la cuenta y crearla de nuevo. `eligible: false`: un plan con prueba se cobra hoy, sin ella.',
        security: bearer,
        response: { 200: ZTrialEligibilityResponse },
      },
    },
    async (request) => service.trialEligibility(deps.guards.requireAuth(request).account),
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
          '400 SUBSCRIPTION_ENDED si ya terminó; 400 ONE_OFF_SUBSCRIPTION si se pagó como pago único; 409 PAUSED mientras la cuenta está en pausa.',
        security: bearer,
        response: { 200: ZSubscriptionRenewalResponse, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const { account, userId } = deps.guards.requireAuth(request);
      // A paused account's renewal stays off until the pause ends (decision 0116).
      ensureNotPaused(account.user, deps.clock());
      return service.resume(userId);
    },
  );

  // Each quote is a few provider calls: the same per-user budget as opening a checkout.
  const quoteLimit = deps.rateLimiter.hooks([CHECKOUT_CREATION_LIMIT]);
  r.post(
    '/api/subscriptions/change/preview',
    {
      preValidation: signedIn,
      preHandler: quoteLimit.preHandler,
      onResponse: quoteLimit.onResponse,
      schema: {
        tags: ['subscriptions'],
        summary: 'Calcular el importe de cambiar de plan o de periodo (sin cambiar nada)',
        description:
          'Vista previa del proveedor (Stripe: `invoices.createPreview` con `proration_behavior=create_prorations` y una `proration_date` fija; simulado: la misma cuenta). Mismo periodo: el ajuste va en el próximo cobro; otro periodo (p. ej. anual): empieza hoy y se cobra hoy. La cotización vale 15 minutos. 400 sin suscripción recurrente, durante la prueba, con un pago pendiente, con días regalados por aplicar, o el mismo plan y periodo; 404 plan inexistente; 409 PAUSED mientras la cuenta está en pausa; 429 tras 10 cálculos o pagos por minuto; 502 si el proveedor falla.',
        security: bearer,
        body: ZPlanChangePreviewRequest,
        response: {
          200: ZPlanChangePreviewResponse,
          400: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { account } = deps.guards.requireAuth(request);
      // A plan change is a purchase: refused while paused, before the provider's quote.
      ensureNotPaused(account.user, deps.clock());
      return planChange.preview(account, request.body);
    },
  );

  r.post(
    '/api/subscriptions/change',
    {
      preValidation: signedIn,
      schema: {
        tags: ['subscriptions'],
        summary: 'Confirmar un cambio de plan calculado antes (se aplica una sola vez)',
        description:
          'Aplica en el proveedor la cotización `changeId` con su misma fecha de prorrateo y la registra una vez: repetir la llamada responde lo mismo. 409 PLAN_CHANGE_EXPIRED si la cotización caducó (15 min), no es del usuario o la suscripción cambió desde entonces; 409 PAUSED mientras la cuenta está en pausa; 502 si el proveedor falla.',
        security: bearer,
        body: ZPlanChangeRequest,
        response: { 200: ZPlanChangeResponse, 409: ZErrorResponse },
      },
    },
    async (request) => {
      const { account, userId } = deps.guards.requireAuth(request);
      ensureNotPaused(account.user, deps.clock());
      return planChange.confirm(userId, request.body.changeId);
    },
  );
}
