import { Readable } from 'node:stream';
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
import { byIp, type RateLimitRule } from '../../plugins/rate-limit';
import type { RecordFilter } from './track-record-source';
import { createTrackRecordRepository } from './track-record.repository';
import { createTrackRecordService } from './track-record.service';

const keyOf = (f: RecordFilter) =>
  JSON.stringify([f.from, f.to, f.category, f.sport, f.oddsBand, f.stake, f.bookmaker]);

/** A whole export reads every tip of its filter: a few a minute are plenty for a person. */
const CSV_LIMIT: RateLimitRule = {
  name: 'track-record:csv',
  max: 10,
  windowMs: 60_000,
  subject: byIp,
};

const FILTERS_TEXT =
  '`period` 30d, 90d, 365d o all; `from` y `to` (AAAA-MM-DD, días UTC del inicio, ambos incluidos); `category`; `sport`; `oddsBand` (under-1.5, 1.5-2, 2-3, 3-plus); `stake` (1–10); `bookmaker` (tal como se escribió). Todos opcionales y acumulables.';

/** The verified track record (issues 14 and 27): public reads of the settled tips' day
 * summaries, the list of counted tips and its CSV export. */
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
        summary: 'Historial verificado: cifras, meses, deportes, cuotas y curva de beneficio',
        description: [
          'Tips publicados antes del partido, con apuesta y resultado.',
          FILTERS_TEXT,
          'Unidades, cuotas y stakes con dos decimales; acierto, yields, CLV y meses en beneficio como fracciones con tres decimales, redondeadas una sola vez desde las cifras exactas.',
          'Acierto = (ganados + medios ganados ÷ 2) ÷ (ganados + perdidos + medios ÷ 2). `maxDrawdownUnits`: mayor caída del beneficio acumulado (apuestas por hora de inicio y luego id). `levelStakeYield`: yield con cada apuesta a 1 u. `clv`: media de cuota ÷ cuota de cierre − 1 sobre las `clvBets` apuestas con cuota de cierre. `withoutBet`: tips publicados sin apuesta; `pendingBets`: apuestas publicadas sin resultado.',
        ].join(' '),
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
        description: `Hasta 1000 por página. ${FILTERS_TEXT} \`publishedAt\`: inicio de la publicación que cuenta (visible desde entonces hasta el inicio del partido).`,
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

  r.get(
    '/api/track-record/tips.csv',
    {
      config: { publicCache: 'always' },
      ...deps.rateLimiter.hooks([CSV_LIMIT]),
      schema: {
        tags: ['track-record'],
        summary: 'Historial verificado: los tips resueltos del filtro en CSV',
        description: `Todos los tips del filtro, el partido más reciente primero, en CSV (RFC 4180, UTF-8 con BOM, punto decimal, fechas ISO 8601 UTC). ${FILTERS_TEXT}`,
        querystring: ZTrackRecordQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const filter = record.filterOf(request.query);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="historial-magotips.csv"');
      return reply.send(Readable.from(record.csv(filter)));
    },
  );
}
