import { ZTipPreviewResponse } from '@magotips/contracts/tips';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TipsService } from './tips.service';

const ZPreviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(3),
});

export async function tipsRoutes(app: FastifyInstance, opts: { tips: TipsService }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/tips/preview',
    {
      schema: {
        tags: ['tips'],
        summary: 'Tips gratuitos para visitantes (sin análisis)',
        querystring: ZPreviewQuery,
        response: { 200: ZTipPreviewResponse },
      },
    },
    async (request) => opts.tips.preview(request.query.limit),
  );
}
