import { ZMessageResponse } from '@magotips/contracts/auth';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  TELEGRAM_MSG,
  ZTelegramLinkResponse,
  ZTelegramLinkStatus,
} from '@magotips/contracts/telegram';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { byUser } from '../../plugins/rate-limit';
import { botUsername } from './bot-api';
import { createTelegramLinkService } from './telegram-link.service';
import { registerTelegramReplies } from './telegram-replies';
import { telegramWebhookRoute } from './telegram-webhook.route';

const bearer = [{ bearerAuth: [] }];
const errors = (...statuses: (401 | 429 | 503)[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse])) as Record<
    number,
    typeof ZErrorResponse
  >;
// A link changes nothing another read of the cache shows.
const LEAVES_READS_ALONE = { leavesReadsAlone: true };

const unavailable = () => new AppError('TELEGRAM_UNAVAILABLE', 503, TELEGRAM_MSG.unavailable);

/** A reader's Telegram account (issue 31 item 1, decision 0102): the card's state, the one-time
 * "Conectar Telegram" link, "Desconectar", and the bot's webhook. */
export async function telegramRoutes(parent: FastifyInstance, deps: ModuleDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { authenticate, requireAuth } = deps.guards;
  const bot = deps.config.telegramBot;
  const service = createTelegramLinkService({
    db: deps.db,
    clock: deps.clock,
    jobs: deps.jobs,
    vipChatId: bot?.vipChatId,
    events: deps.readerEvents,
  });
  const username = bot ? botUsername(bot) : null;
  if (bot) registerTelegramReplies(deps.jobs, bot);
  // Each press makes a token; a dozen in a quarter of an hour is more than anyone needs.
  const linkLimit = deps.rateLimiter.hooks([
    { name: 'telegram-link:user', max: 12, windowMs: 15 * 60_000, subject: byUser },
  ]);

  app.get(
    '/api/telegram/link',
    {
      schema: {
        tags: ['telegram'],
        summary: 'Si la cuenta tiene un Telegram conectado, y con qué @usuario',
        security: bearer,
        response: { 200: ZTelegramLinkStatus, ...errors(401) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      const status = await service.status(userId);
      return { success: true as const, available: bot !== undefined, ...status };
    },
  );

  app.post(
    '/api/telegram/link',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['telegram'],
        summary: 'Enlace de un solo uso (15 minutos) que abre el bot y conecta este Telegram',
        description:
          'Responde `https://t.me/<bot>?start=<token>`. Del token solo se guarda su hash. 503 si el sitio no tiene bot de Telegram o Telegram no responde.',
        security: bearer,
        response: { 200: ZTelegramLinkResponse, ...errors(401, 429, 503) },
      },
      onRequest: authenticate,
      ...linkLimit,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      if (!username) throw unavailable();
      let name: string;
      try {
        name = await username();
      } catch (err) {
        request.log.warn({ err }, 'getMe de Telegram falló');
        throw unavailable();
      }
      const token = await service.newToken(userId);
      return { success: true as const, url: `https://t.me/${name}?start=${token}` };
    },
  );

  app.delete(
    '/api/telegram/link',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['telegram'],
        summary: 'Desconecta el Telegram de la cuenta',
        security: bearer,
        response: { 200: ZMessageResponse, ...errors(401) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      // Idempotent: an account without a link answers the same.
      await service.unlink(userId);
      return { success: true as const, message: TELEGRAM_MSG.unlinked };
    },
  );

  telegramWebhookRoute(app, { secret: bot?.webhookSecret ?? null, service });
}
