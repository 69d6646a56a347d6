import { BILLING_MSG, ZBillingPortalResponse } from '@magotips/contracts/billing';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { byUser, type RateLimitRule } from '../../plugins/rate-limit';
import type { ModuleDeps } from '../../module-deps';
import { SIMULATED_PORTAL_PATH } from '../payments/simulated-portal-token';
import { type BillingPortal, SIMULATED_CARDS, type SimulatedCard } from './billing-portal';
import { cancelConfirmPage, portalClosedPage, portalPage } from './simulated-portal-page';

const PORTAL_LIMIT: RateLimitRule = {
  name: 'billing:portal',
  max: 10,
  windowMs: 60_000,
  subject: byUser,
};

/** What a portal action answers, named in the address it redirects to (no state in between). */
const FLASH = {
  card: BILLING_MSG.cardUpdated,
  charged: BILLING_MSG.cardUpdatedAndCharged,
  declined: BILLING_MSG.cardDeclined,
  cancelled: BILLING_MSG.cancelled,
  renewed: BILLING_MSG.renewedNow,
  none: BILLING_MSG.noBillingAccount,
} as const;
type FlashKey = keyof typeof FLASH;
const flashKey = (message: string): FlashKey =>
  (Object.entries(FLASH).find(([, text]) => text === message)?.[0] as FlashKey | undefined) ??
  'none';

const ZToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,40}\.[A-Za-z0-9_-]{20,40}$/),
});
const ZShowQuery = z.object({
  m: z.enum(Object.keys(FLASH) as [FlashKey, ...FlashKey[]]).optional(),
});
const ZCardForm = z.object({
  card: z.enum(Object.keys(SIMULATED_CARDS) as [SimulatedCard, ...SimulatedCard[]], {
    error: 'Elige una tarjeta de prueba.',
  }),
});

/** POST /api/billing/portal, and the simulated portal's page and forms (decision 0096). */
export async function billingRoutes(app: FastifyInstance, deps: ModuleDeps, portal: BillingPortal) {
  const kit = deps.payments;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each call opens a session at Stripe: a burst from one account is cut off early.
  const portalLimit = deps.rateLimiter.hooks([PORTAL_LIMIT]);

  r.post(
    '/api/billing/portal',
    {
      preValidation: deps.guards.authenticate,
      preHandler: portalLimit.preHandler,
      onResponse: portalLimit.onResponse,
      schema: {
        tags: ['subscriptions'],
        summary: 'Abrir la gestión de pago (portal de clientes de Stripe, o el simulado)',
        description:
          'Responde `{ url }` de `billing_portal.sessions.create` (return_url /panel/cuenta); sin Stripe, la dirección del portal simulado. 404 NO_BILLING_ACCOUNT sin una suscripción con pago recurrente; 502 PAYMENT_PROVIDER_ERROR si Stripe falla (no queda nada a medias: se puede reintentar).',
        security: [{ bearerAuth: [] }],
        response: { 200: ZBillingPortalResponse, 404: ZErrorResponse, 502: ZErrorResponse },
      },
    },
    async (request) => portal.open(deps.guards.requireAuth(request).userId),
  );

  await app.register(async (context) => {
    context.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const c = context.withTypeProvider<ZodTypeProvider>();
    const enabled = kit.active?.name === 'simulated';
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .header('cache-control', 'no-store')
        .status(status)
        .type('text/html; charset=utf-8')
        .send(body);
    /** The link's user, or the "link expired" page already sent. */
    const userOf = (token: string, reply: FastifyReply): string | null => {
      if (!enabled) throw AppError.notFound();
      const userId = portal.userOf(token);
      if (!userId) void html(reply, 410, portalClosedPage(kit.appUrl));
      return userId;
    };
    const back = (reply: FastifyReply, token: string, message: string) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(`${SIMULATED_PORTAL_PATH}/${token}?m=${flashKey(message)}`, 303);
    const tags = ['payments'];

    c.get(
      `${SIMULATED_PORTAL_PATH}/:token`,
      {
        schema: {
          tags,
          summary: 'Portal de facturación simulado (modo de prueba, HTML)',
          description: 'Solo sin STRIPE_SECRET_KEY. 410 si el enlace caducó.',
          params: ZToken,
          querystring: ZShowQuery,
        },
      },
      async (request, reply) => {
        const userId = userOf(request.params.token, reply);
        if (!userId) return reply;
        const view = await portal.view(userId);
        if (!view) return html(reply, 410, portalClosedPage(kit.appUrl));
        const flash = request.query.m ? FLASH[request.query.m] : null;
        return html(reply, 200, portalPage(request.params.token, view, kit.appUrl, flash));
      },
    );

    c.get(
      `${SIMULATED_PORTAL_PATH}/:token/cancel`,
      {
        schema: {
          tags,
          summary: 'Confirmar la cancelación (portal simulado, HTML)',
          params: ZToken,
        },
      },
      async (request, reply) => {
        const userId = userOf(request.params.token, reply);
        if (!userId) return reply;
        const view = await portal.view(userId);
        if (!view) return html(reply, 410, portalClosedPage(kit.appUrl));
        return html(reply, 200, cancelConfirmPage(request.params.token, view, kit.appUrl));
      },
    );

    c.post(
      `${SIMULATED_PORTAL_PATH}/:token/cancel`,
      {
        schema: { tags, summary: 'Cancelar la suscripción (portal simulado): 303', params: ZToken },
      },
      async (request, reply) => {
        const userId = userOf(request.params.token, reply);
        if (!userId) return reply;
        return back(reply, request.params.token, await portal.cancel(userId));
      },
    );

    c.post(
      `${SIMULATED_PORTAL_PATH}/:token/card`,
      {
        schema: {
          tags,
          summary: 'Cambiar la tarjeta (portal simulado): 303',
          description:
            '4242 paga; 0341 rechaza los cobros. Con un pago pendiente, la renovación se cobra en la tarjeta nueva al momento.',
          params: ZToken,
          body: ZCardForm,
        },
      },
      async (request, reply) => {
        const userId = userOf(request.params.token, reply);
        if (!userId) return reply;
        return back(reply, request.params.token, await portal.setCard(userId, request.body.card));
      },
    );

    c.post(
      `${SIMULATED_PORTAL_PATH}/:token/renew-now`,
      {
        schema: {
          tags,
          summary: 'Simular el cobro de la renovación ahora (modo de prueba): 303',
          params: ZToken,
        },
      },
      async (request, reply) => {
        const userId = userOf(request.params.token, reply);
        if (!userId) return reply;
        return back(reply, request.params.token, await portal.renewNow(userId));
      },
    );
  });
}
