import {
  ALERT_MSG,
  ZAlertPreferences,
  ZAlertPreferencesResponse,
  ZUnsubscribeRequest,
} from '@magotips/contracts/alerts';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import { ZSuccessMessage } from '@magotips/contracts/ids';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { byIp, byUser, type RateLimitRule } from '../../plugins/rate-limit';
import { adminAlertsRoutes } from './admin-alerts.routes';
import { alertAudienceRoute } from './alert-audience.route';
import { createAlertDeliveriesRepository } from './alert-deliveries.repository';
import { ALERT_JOBS, tipFanoutJob } from './alert-job-kinds';
import { registerAlertJobs } from './alert-jobs';
import { createAlertPreferencesRepository } from './alert-preferences.repository';
import { createAlertPreferencesService } from './alert-preferences.service';
import { createAlertReadersRepository } from './alert-readers.repository';
import { oneClickUnsubscribeRoute } from './one-click-unsubscribe.route';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository';
import { createUnsubscribeTokens } from './unsubscribe-token';
import { registerVipCatchUpJob, subscribeVipCatchUp } from './vip-telegram-catch-up';
import { registerVipTelegramJobs, subscribeVipTelegram } from './vip-telegram-jobs';
import { createVipTelegramRepository } from './vip-telegram.repository';

const bearer = [{ bearerAuth: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse };

/** A sample is for checking the inbox, not for mailing someone in a loop. */
const TEST_ALERT_LIMIT: RateLimitRule = {
  name: 'alerts:test',
  max: 3,
  windowMs: 10 * 60_000,
  subject: byUser,
};

/** Only bad tokens count (a mail provider's servers send many genuine one-click POSTs from one
 * address); guessing tokens is cut off after a few tries. */
export const UNSUBSCRIBE_LIMIT: RateLimitRule = {
  name: 'alerts:unsubscribe:ip',
  max: 10,
  windowMs: 10 * 60_000,
  subject: byIp,
  failuresOnly: true,
};

/** Alerts of new tips (issue 15, decision 0042): the queue's jobs that send them, a reader's
 * preferences, the unsubscribe links and the admin's view. */
export async function alertsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const tokens = createUnsubscribeTokens(deps.config.jwtSecret);
  const deliveries = createAlertDeliveriesRepository(deps.db);
  const readers = createAlertReadersRepository(deps.db);
  // A tip's first publication is announced once: its fan-out job goes in with the publication's
  // transaction (decision 0042); tips only emits the event (issue 28 item 2). A "Nuevo tip" for a
  // match already under way helps no one to bet and reads as a tip written after the fact: a
  // first publication from kick-off on is announced to nobody (issue 29 item 14).
  deps.tipEvents.queue('published', (e) =>
    e.first && e.at < e.tip.matchDate ? tipFanoutJob(e.tip.id) : null,
  );
  registerAlertJobs({
    config: deps.config,
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    mailer: deps.mailer,
    readers,
    deliveries,
    tokens,
    devices: createPushSubscriptionsRepository(deps.db),
    ledgerHead: deps.ledgerHead,
  });
  // The bot's VIP posts (issue 31 item 3): the paid group when TELEGRAM_VIP_CHAT_ID is set, and
  // pack buyers' private chats whenever the bot is.
  let telegramBot = deps.config.telegramBot;
  // The group's posts name the pick: a group id that is the public channel's would publish it.
  if (telegramBot?.vipChatId && telegramBot.vipChatId === deps.config.telegram?.channelId) {
    app.log.error('TELEGRAM_VIP_CHAT_ID es el canal público: no se publicará ningún tip VIP');
    telegramBot = { ...telegramBot, vipChatId: undefined };
  }
  if (telegramBot) {
    const repo = createVipTelegramRepository(deps.db);
    subscribeVipTelegram(deps.tipEvents);
    registerVipTelegramJobs({
      config: { appUrl: deps.config.appUrl, telegramBot },
      db: deps.db,
      clock: deps.clock,
      jobs: deps.jobs,
      repo,
    });
    // A pack bought or Telegram linked after its tips went out: their copies, late (0110).
    subscribeVipCatchUp(deps.readerEvents);
    registerVipCatchUpJob({ db: deps.db, clock: deps.clock, jobs: deps.jobs, repo });
  }
  const preferences = createAlertPreferencesService({
    prefs: createAlertPreferencesRepository(deps.db),
    tokens,
    clock: deps.clock,
  });
  const signedIn = deps.guards.authenticate;
  const testLimit = deps.rateLimiter.hooks([TEST_ALERT_LIMIT]);
  const unsubscribeLimit = deps.rateLimiter.hooks([UNSUBSCRIBE_LIMIT]);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/alerts/preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'Mis preferencias de avisos de nuevos tips',
        description:
          'Sin preferencias guardadas todo está desactivado. `vipEligible`: si hoy recibiría avisos de tips VIP (suscripción activa, un pack comprado, o rol editor/admin).',
        security: bearer,
        response: { 200: ZAlertPreferencesResponse, ...errors },
      },
    },
    async (request) => preferences.get(deps.guards.requireAuth(request)),
  );

  r.put(
    '/api/alerts/preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'Guardar mis preferencias de avisos',
        description:
          'Los cuatro interruptores (e-mail y push, tips gratis y VIP). Un interruptor VIP de quien aún no puede leer tips VIP se guarda, pero no envía nada hasta que pueda.',
        security: bearer,
        body: ZAlertPreferences,
        response: { 200: ZAlertPreferencesResponse, ...errors },
      },
    },
    async (request) => preferences.save(deps.guards.requireAuth(request), request.body),
  );

  r.post(
    '/api/alerts/test',
    {
      preValidation: signedIn,
      preHandler: testLimit.preHandler,
      onResponse: testLimit.onResponse,
      schema: {
        tags: ['alerts'],
        summary: 'Enviarme un aviso de prueba por e-mail',
        description:
          'Encola el envío de un aviso de ejemplo a mi e-mail (202). Como mucho 3 cada 10 minutos (429).',
        security: bearer,
        response: { 202: ZSuccessMessage, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const { userId } = deps.guards.requireAuth(request);
      await deps.jobs.enqueue(deps.db, {
        kind: ALERT_JOBS.test,
        payload: { userId },
        maxAttempts: 3,
      });
      return reply.status(202).send({ success: true, message: ALERT_MSG.testQueued });
    },
  );

  r.post(
    '/api/alerts/unsubscribe',
    {
      preHandler: unsubscribeLimit.preHandler,
      onResponse: unsubscribeLimit.onResponse,
      schema: {
        tags: ['alerts'],
        summary: 'Darse de baja de los avisos por e-mail con el enlace de un aviso',
        description:
          'Sin iniciar sesión: el token firmado del enlace identifica al lector. Apaga los avisos de tips gratis y VIP por e-mail. 400 si el token no es válido.',
        body: ZUnsubscribeRequest,
        response: { 200: ZSuccessMessage, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => preferences.unsubscribe(request.body.token),
  );

  await app.register(oneClickUnsubscribeRoute, {
    unsubscribe: (token) => preferences.unsubscribe(token),
    limit: unsubscribeLimit,
  });
  await app.register(adminAlertsRoutes, { deps, deliveries });
  await app.register(alertAudienceRoute, { deps, readers });
}
