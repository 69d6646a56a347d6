import {
  ZTrackRecordQuery,
  ZTrackRecordResponse,
  ZTrackRecordTipsQuery,
  ZTrackRecordTipsResponse,
} from '@magotips/contracts/track-record-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import type { RecordFilter } from './track-record.repository';
import { createTrackRecordRepository } from './track-record.repository';
import { createTrackRecordService } from './track-record.service';

const keyOf = (filter: RecordFilter) =>
  `${filter.from ?? 'all'}:${filter.category}:${filter.sport}`;

/** The verified track record (issue 14): public reads of the settled tips' day summaries. */
export async function trackRecordRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const record = createTrackRecordService({
    repo: createTrackRecordRepository(deps.db),
    clock: deps.clock,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/track-record',
    {
      // The same answer for everyone; a settle or an edit is a write, which clears the cache.
      config: { publicCache: 'always' },
      schema: {
        tags: ['track-record'],
        summary: 'Historial verificado: cifras, meses, deportes y curva de beneficio',
        description:
          'Tips publicados antes del partido, con apuesta y resultado. `period` 30d, 90d, 365d o all; `category` y `sport` opcionales. Unidades con dos decimales; acierto y yield como fracciones.',
        querystring: ZTrackRecordQuery,
        response: { 200: ZTrackRecordResponse },
      },
    },
    async (request, reply) => {
      const filter = record.filterOf(request.query);
      const text = await deps.readCache.get(`track-record:${keyOf(filter)}`, async () =>
        toJsonText(ZTrackRecordResponse, { success: true, data: await record.summary(filter) }),
      );
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/api/track-record/tips',
    {
      config: { publicCache: 'always' },
      schema: {
        tags: ['track-record'],
        summary:
          'Historial verificado: tips resueltos, el partido más reciente primero (sin análisis)',
        querystring: ZTrackRecordTipsQuery,
        response: { 200: ZTrackRecordTipsResponse },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const filter = record.filterOf(request.query);
      const text = await deps.readCache.get(
        `track-record:tips:${keyOf(filter)}:${page}:${limit}`,
        async () => toJsonText(ZTrackRecordTipsResponse, await record.tips(filter, page, limit)),
      );
      return sendJsonText(reply, text);
    },
  );
}
