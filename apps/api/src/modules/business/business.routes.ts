import { BUSINESS_TABLES, ZBusinessQuery, ZBusinessResponse } from '@magotips/contracts/business';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { businessCsv, csvFileName } from './business-csv';
import { createBusinessRepository } from './business.repository';
import { createBusinessService } from './business.service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

const PERIOD_TEXT =
  '`from` y `to`: días AAAA-MM-DD (UTC), ambos incluidos; por defecto los últimos 30 días hasta hoy; como mucho 3 años. `previous`: las mismas cifras del periodo de igual duración justo anterior. Importes en USD con decimales; porcentajes de 0 a 100 con dos decimales (null sin denominador). Definiciones: docs/decisions/0117-business-dashboard.md.';

const TABLE_SUMMARIES: Record<(typeof BUSINESS_TABLES)[number], string> = {
  revenueByProduct: 'Ingresos por producto (cada plan y periodo, cada pack, regalos)',
  signupsBySource: 'Registros y primeros pagos por origen',
  cohorts: 'Cohortes mensuales por mes del primer pago',
  monthly: 'Por mes: yield del historial, registros, altas, bajas e ingresos netos',
  referralRewards: 'Meses gratis dados por invitar a amigos (los 500 más recientes del periodo)',
};

/** The owner's business dashboard (issue 33 item 2, decision 0117): admins only. */
export async function businessRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const service = createBusinessService({
    repo: createBusinessRepository(deps.db),
    clock: deps.clock,
  });
  // Checked before validation: someone who is not an admin learns nothing about the inputs.
  const adminOnly = deps.guards.requireAnyRole(['admin'], MSG.adminRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/business',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary:
          'Panel de negocio: MRR, suscriptores, bajas, pruebas, ingresos, orígenes y cohortes',
        description: PERIOD_TEXT,
        security: [{ bearerAuth: [] }],
        querystring: ZBusinessQuery,
        response: { 200: ZBusinessResponse, ...errors },
      },
    },
    async (request) => service.dashboard(service.periodOf(request.query)),
  );

  for (const table of BUSINESS_TABLES) {
    r.get(
      `/api/admin/business/export/${table}.csv`,
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          summary: `Panel de negocio en CSV: ${TABLE_SUMMARIES[table]}`,
          description: `CSV con punto y coma, coma decimal y UTF-8 con BOM (Excel en español). ${PERIOD_TEXT}`,
          security: [{ bearerAuth: [] }],
          querystring: ZBusinessQuery,
          produces: ['text/csv'],
        },
      },
      async (request, reply) => {
        const period = service.periodOf(request.query);
        const data = await service.dashboard(period);
        return reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${csvFileName(table, period.from, period.to)}"`,
          )
          .send(businessCsv(data, table));
      },
    );
  }
}
