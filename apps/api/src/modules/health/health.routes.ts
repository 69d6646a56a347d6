import { ZHealthResponse } from '@magotips/contracts/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<boolean> }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['sistema'],
        summary: 'Estado del servicio y de la base de datos',
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const dbOk = await opts.ping();
      return reply
        .status(dbOk ? 200 : 503)
        .send({ status: dbOk ? 'ok' : 'error', db: dbOk ? 'ok' : 'error' });
    },
  );
}
