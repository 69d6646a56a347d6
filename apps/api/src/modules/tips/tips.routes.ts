import { ZTipPreviewResponse } from '@magotips/contracts/tips';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { createTipsRepository } from './tips.repository';
import { createTipsService } from './tips.service';

const ZPreviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(3),
});

export async function tipsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const tips = createTipsService({ tips: createTipsRepository(deps.db), clock: deps.clock });
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
    async (request) => tips.preview(request.query.limit),
  );
}
