import { ALERT_MSG, UNSUBSCRIBE_PATH } from '@magotips/contracts/alerts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { RateLimitHooks } from '../../plugins/rate-limit';

/** The text answers are for the mail provider's log and a curious person: plain, Spanish. */
const ONE_CLICK_TEXTS: Record<number, string> = {
  400: ALERT_MSG.unsubscribeInvalid,
  415: 'Formato no admitido: envía List-Unsubscribe=One-Click como formulario.',
  429: 'Demasiados intentos. Inténtalo más tarde.',
  500: 'No se pudo completar la baja. Inténtalo más tarde.',
};

const ZOneClickQuery = z.object({ token: z.string().max(600).optional() });

/**
 * POST /avisos/baja?token=… : the one-click unsubscribe of RFC 8058. A mail provider posts
 * `List-Unsubscribe=One-Click` form-encoded (or as multipart) without any session; the token in
 * the address is the whole proof. The app takes only JSON bodies elsewhere, so the two form
 * types are read here only, in this plugin's own context. A GET of the same address is the SPA's
 * page (web-client.ts), which asks for a click first: link scanners follow GETs.
 */
export async function oneClickUnsubscribeRoute(
  app: FastifyInstance,
  opts: {
    unsubscribe(token: string): Promise<{ message: string }>;
    limit: RateLimitHooks;
  },
) {
  // The body says nothing the address does not: it is read (small) and not interpreted.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) =>
      done(null, String(body)),
    );
  }
  app.withTypeProvider<ZodTypeProvider>().post(
    UNSUBSCRIBE_PATH,
    {
      preHandler: opts.limit.preHandler,
      onResponse: opts.limit.onResponse,
      errorHandler: (error, _request, reply) => {
        // Fastify's own refusals (a bad query, a body of another type) carry their status.
        const status = error instanceof AppError ? error.status : (error.statusCode ?? 500);
        const text = ONE_CLICK_TEXTS[status] ?? ONE_CLICK_TEXTS[500]!;
        if (status >= 500) reply.log.error({ err: error }, 'baja de avisos fallida');
        return reply
          .status(status in ONE_CLICK_TEXTS ? status : 500)
          .type('text/plain; charset=utf-8')
          .send(text);
      },
      schema: {
        tags: ['alerts'],
        summary: 'Baja en un clic (RFC 8058) desde el enlace List-Unsubscribe de un aviso',
        description:
          'Cuerpo `List-Unsubscribe=One-Click` (application/x-www-form-urlencoded o multipart/form-data), sin sesión. Responde 200 con un texto breve; 400 si el token no es válido.',
        querystring: ZOneClickQuery,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) throw AppError.badRequest(ALERT_MSG.unsubscribeInvalid);
      const { message } = await opts.unsubscribe(token);
      return reply.type('text/plain; charset=utf-8').send(message);
    },
  );
}
