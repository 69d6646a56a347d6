import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { accountPaymentsRoutes } from './account-payments.routes';
import { spendLimitRoutes } from './spend-limit.routes';
import {
  createSimulatedCheckout,
  SIMULATED_CHECKOUT_CSS,
  SIMULATED_STYLESHEET_PATH,
  type SimulatedAnswer,
} from './simulated-checkout';
import { SIMULATED_CHECKOUT_PATH } from './simulated-provider';
import { STRIPE_WEBHOOK_EVENTS } from './stripe-webhook';

const ZSessionParams = z.object({ sessionId: z.string().regex(/^sim_cs_[A-Za-z0-9_-]{10,100}$/) });
/** The page's form: the code field is optional, and judged by the service (a refused code is
 * the page again with its Spanish error, not a JSON 400). No body at all (a script) is a
 * payment without a code. */
const ZSimulatedForm = z.object({ promotionCode: z.string().optional() }).nullish();

function send(reply: FastifyReply, answer: SimulatedAnswer) {
  // The page and the redirects carry a payable address: nobody should cache or forward them.
  reply.header('cache-control', 'no-store');
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  return reply.status(answer.status).type('text/html; charset=utf-8').send(answer.html);
}

/** Stripe's webhook and the simulated provider's checkout page. */
export async function paymentsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const kit = deps.payments;
  await accountPaymentsRoutes(app, deps);
  await spendLimitRoutes(app, deps);

  // The signature covers the exact bytes Stripe sent: this context keeps the body as a Buffer
  // instead of parsing JSON, for this route only.
  await app.register(async (webhookContext) => {
    webhookContext.removeAllContentTypeParsers();
    webhookContext.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
      (_request, body, done) => done(null, body),
    );
    webhookContext.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: 'Webhook de Stripe (cuerpo sin procesar, firma comprobada)',
          description: `Eventos: ${STRIPE_WEBHOOK_EVENTS.join(', ')}. Cada evento se aplica una sola vez; otros tipos responden 200. 400 si la firma no es válida.`,
        },
      },
      async (request) => {
        if (!kit.webhook) throw AppError.notFound();
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = request.headers['stripe-signature'];
        const event = kit.webhook.verify(raw, Array.isArray(header) ? header[0] : header);
        const outcome = await kit.webhook.handle(event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook de Stripe');
        return { received: true };
      },
    );
  });

  await app.register(async (simulatedContext) => {
    const simulated = createSimulatedCheckout(kit);
    // The page's buttons are plain HTML forms (no script: the CSP forbids inline code).
    simulatedContext.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = simulatedContext.withTypeProvider<ZodTypeProvider>();
    const requireSimulated = async () => {
      if (!simulated.enabled) throw AppError.notFound();
    };

    r.get(
      SIMULATED_STYLESHEET_PATH,
      {
        schema: {
          tags: ['payments'],
          summary: 'Hoja de estilos de la pasarela simulada',
          hide: true,
        },
      },
      async (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .type('text/css; charset=utf-8')
          .send(SIMULATED_CHECKOUT_CSS),
    );

    r.get(
      `${SIMULATED_CHECKOUT_PATH}/:sessionId`,
      {
        preHandler: requireSimulated,
        schema: {
          tags: ['payments'],
          summary: 'Pasarela de pago simulada (modo de prueba, HTML)',
          description: 'Solo sin STRIPE_SECRET_KEY. 410 si la sesión ya no está abierta.',
          params: ZSessionParams,
        },
      },
      async (request, reply) => send(reply, await simulated.show(request.params.sessionId)),
    );

    r.post(
      `${SIMULATED_CHECKOUT_PATH}/:sessionId/pay`,
      {
        preHandler: requireSimulated,
        schema: {
          tags: ['payments'],
          summary: 'Pagar en la pasarela simulada: 303 a la página de pago exitoso',
          description:
            'Entrega la compra con la misma función que el webhook de Stripe. Una sesión se paga una sola vez. Con `promotionCode` (MAGO10: 10 %) cobra el total con descuento; un código desconocido responde 400 con la página y su error, sin cobrar.',
          params: ZSessionParams,
          body: ZSimulatedForm,
        },
      },
      async (request, reply) =>
        send(reply, await simulated.pay(request.params.sessionId, request.body?.promotionCode)),
    );

    r.post(
      `${SIMULATED_CHECKOUT_PATH}/:sessionId/promotion`,
      {
        preHandler: requireSimulated,
        schema: {
          tags: ['payments'],
          summary: 'Aplicar un código promocional en la pasarela simulada (HTML)',
          description:
            'La página con el descuento y el nuevo total, o 400 con la página y el error si el código no es válido. No cobra nada.',
          params: ZSessionParams,
          body: ZSimulatedForm,
        },
      },
      async (request, reply) =>
        send(
          reply,
          await simulated.applyPromotion(request.params.sessionId, request.body?.promotionCode),
        ),
    );

    r.post(
      `${SIMULATED_CHECKOUT_PATH}/:sessionId/cancel`,
      {
        preHandler: requireSimulated,
        schema: {
          tags: ['payments'],
          summary: 'Cancelar en la pasarela simulada: 303 a la página de pago cancelado',
          params: ZSessionParams,
        },
      },
      async (request, reply) => send(reply, await simulated.cancel(request.params.sessionId)),
    );
  });
}
