import { type THealthResponse, ZHealthResponse } from '@magotips/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export type HealthOptions = {
  /** Whether the database answers. */
  ping: () => Promise<boolean>;
  /** Whether Redis answers; given only when the service uses it (REDIS_URL). */
  redisPing?: () => Promise<boolean>;
};

export async function healthRoutes(app: FastifyInstance, opts: HealthOptions) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio, de la base de datos y (con REDIS_URL) de Redis',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const [dbOk, redisOk] = await Promise.all([opts.ping(), opts.redisPing?.()]);
      const body: THealthResponse = { status: 'ok', db: dbOk ? 'ok' : 'error' };
      if (redisOk !== undefined) body.redis = redisOk ? 'ok' : 'error';
      const healthy = dbOk && redisOk !== false;
      body.status = healthy ? 'ok' : 'error';
      return reply.status(healthy ? 200 : 503).send(body);
    },
  );
}
