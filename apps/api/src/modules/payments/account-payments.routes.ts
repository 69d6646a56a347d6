import { ZErrorResponse } from '@magotips/contracts/error-response';
import { MSG, NOTICE } from '@magotips/contracts/messages';
import {
  ZPaymentHistoryResponse,
  ZReceiptResponse,
  ZTaxIdBody,
  ZTaxIdResponse,
} from '@magotips/contracts/receipts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { createAccountPayments, withPdfUrl } from './account-payments';
import type { ReceiptKind } from './receipt-issuer';
import { renderReceiptPdf } from './receipt-pdf';

const bearer = [{ bearerAuth: [] }];
const ZIdParams = z.object({ id: z.uuid({ error: MSG.invalidId }) });
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse]));

/** GET/PUT of the account's payments, receipts and tax id (issue 30 items 5 and 6). */
export async function accountPaymentsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = createAccountPayments(deps.db);
  const signedIn = deps.guards.authenticate;
  const reader = (request: Parameters<typeof deps.guards.requireAuth>[0]) => {
    const auth = deps.guards.requireAuth(request);
    return { userId: auth.userId, isAdmin: auth.roles.has('admin') };
  };

  r.get(
    '/api/account/payments',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary:
          'Historial de pagos de quien llama: fecha, concepto, importe, moneda, estado y recibo',
        description:
          'Cada transacción pagada (completada o reembolsada), la más reciente primero, con `receiptUrl` (PDF del recibo) y, si se reembolsó, su factura rectificativa en la misma serie.',
        security: bearer,
        response: { 200: ZPaymentHistoryResponse, ...errors(401) },
      },
    },
    async (request) => ({
      success: true as const,
      payments: await account.history(deps.guards.requireAuth(request).userId),
    }),
  );

  r.get(
    '/api/account/payments/:id/receipt',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary: 'Recibo de un pago (y su abono, si se reembolsó) con todos sus datos',
        description: 'Solo el comprador y los administradores; cualquier otro recibe 404.',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZReceiptResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const who = reader(request);
      const receipt = await account.document(request.params.id, 'receipt', who);
      if (!receipt) throw AppError.notFound(MSG.receiptNotFound);
      const credit = await account.document(request.params.id, 'credit_note', who);
      return {
        success: true as const,
        receipt: withPdfUrl(receipt, request.params.id),
        creditNote: credit ? withPdfUrl(credit, request.params.id) : null,
      };
    },
  );

  const pdfRoute = (path: string, kind: ReceiptKind, summary: string) =>
    r.get(
      path,
      {
        preValidation: signedIn,
        schema: {
          tags: ['payments'],
          summary,
          description:
            'application/pdf. Solo el comprador y los administradores; cualquier otro recibe 404.',
          security: bearer,
          params: ZIdParams,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const doc = await account.document(request.params.id, kind, reader(request));
        if (!doc) throw AppError.notFound(MSG.receiptNotFound);
        const pdf = await renderReceiptPdf(doc);
        return reply
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${doc.number}.pdf"`)
          .type('application/pdf')
          .send(pdf);
      },
    );
  pdfRoute('/api/account/payments/:id/receipt.pdf', 'receipt', 'PDF del recibo de un pago');
  pdfRoute(
    '/api/account/payments/:id/credit-note.pdf',
    'credit_note',
    'PDF de la factura rectificativa (abono) de un pago reembolsado',
  );

  r.get(
    '/api/account/tax-id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary: 'Identificación fiscal de quien llama para sus recibos (o null)',
        security: bearer,
        response: { 200: ZTaxIdResponse, ...errors(401) },
      },
    },
    async (request) => ({
      success: true as const,
      taxId: await account.taxId(deps.guards.requireAuth(request).userId),
    }),
  );

  r.put(
    '/api/account/tax-id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['payments'],
        summary: 'Guarda (o borra, con null) la identificación fiscal de los próximos recibos',
        description:
          'País ES (NIF/NIE), MX (RFC), AR (CUIT) o CO (NIT), comprobado con la regla de cada país (letra del NIF, dígito del CUIT y del NIT, forma y fecha del RFC): 400 con el motivo en español si no es válida. Los recibos ya emitidos no cambian.',
        security: bearer,
        body: ZTaxIdBody,
        response: { 200: ZTaxIdResponse, ...errors(400, 401) },
      },
    },
    async (request) => {
      const { userId } = deps.guards.requireAuth(request);
      const { taxId } = request.body;
      await account.setTaxId(userId, taxId, deps.clock());
      return {
        success: true as const,
        message: taxId ? NOTICE.taxIdSaved : NOTICE.taxIdRemoved,
        taxId,
      };
    },
  );
}
