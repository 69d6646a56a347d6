import { createHash, timingSafeEqual } from 'node:crypto';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { createTelegramLinkService } from './telegram-link.service';
import { ZTelegramUpdate } from './telegram-update';

/** The header Telegram sends with every update once setWebhook was given `secret_token`. */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** Equal in constant time: both sides are hashed first, so their lengths say nothing either. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * POST /api/telegram/webhook. Checked before the body is read (decision 0016): without the exact
 * secret — or with no secret configured — 401 and nothing changes. An update we don't act on
 * answers 200 (Telegram would otherwise send it again and again); the bot's answers go through
 * the job queue, so this answer never waits on Telegram.
 */
export function telegramWebhookRoute(
  app: FastifyInstance,
  opts: { secret: string | null; service: ReturnType<typeof createTelegramLinkService> },
) {
  const { secret, service } = opts;
  const checkSecret = async (request: FastifyRequest) => {
    const given = request.headers[TELEGRAM_SECRET_HEADER];
    if (!secret || typeof given !== 'string' || !sameSecret(given, secret))
      throw AppError.unauthorized();
  };

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/telegram/webhook',
    {
      config: { leavesReadsAlone: true },
      schema: {
        tags: ['telegram'],
        summary: 'Webhook del bot de Telegram (cabecera X-Telegram-Bot-Api-Secret-Token)',
        description:
          'Telegram entrega aquí los Update del bot. `/start <token>` conecta la cuenta, `/start` da la bienvenida y `/stop` desconecta; una solicitud de entrada al grupo VIP se aprueba o rechaza según la suscripción; el resto responde 200 y se ignora. 401 sin la cabecera secreta exacta.',
        body: ZTelegramUpdate,
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: ZErrorResponse,
          401: ZErrorResponse,
        },
      },
      onRequest: checkSecret,
    },
    async (request) => {
      const outcome = await service.handleUpdate(request.body);
      request.log.info({ updateId: request.body.update_id, outcome }, 'update de Telegram');
      return { ok: true as const };
    },
  );
}
