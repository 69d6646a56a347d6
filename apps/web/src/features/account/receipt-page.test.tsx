import type { TReceiptDocument } from '@magotips/contracts/receipts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dismissNotices, storeSession } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import {
  apiError,
  authAnswer,
  json,
  makeUser,
  stubApi,
  type ApiHandler,
} from '../../../test/api-double';
import { RECEIPT_ERROR, RECEIPT_MISSING } from './receipt-page';

const ID = '0f439308-125a-4aab-b2c6-5f36ecc794ae';
preloadRoutes(`/panel/recibo/${ID}`);

const RECEIPT: TReceiptDocument = {
  kind: 'receipt',
  number: 'R-2026-000007',
  issuedAt: '2026-11-24T10:00:00.000Z',
  seller: {
    legalName: 'MagoTips Demo S.L. (datos de demostración)',
    taxId: 'B12345674',
    address: 'Calle de Ejemplo 1, 28001 Madrid, España',
  },
  buyer: {
    name: 'Ana García',
    email: 'ana@example.com',
    taxId: { country: 'AR', number: '20123456786' },
  },
  concept: 'Plan Premium (1 mes)',
  amount: 19.99,
  currency: 'USD',
  paidAt: '2026-11-24T10:00:00.000Z',
  paymentMethod: 'Tarjeta (Stripe)',
  reference: 'pi_123',
  correctsNumber: null,
  pdfUrl: `/api/account/payments/${ID}/receipt.pdf`,
};
const CREDIT: TReceiptDocument = {
  ...RECEIPT,
  kind: 'credit_note',
  number: 'R-2026-000009',
  amount: -19.99,
  concept: 'Abono: Plan Premium (1 mes)',
  correctsNumber: 'R-2026-000007',
  pdfUrl: `/api/account/payments/${ID}/credit-note.pdf`,
};

async function openReceipt(handlers: Record<string, ApiHandler>) {
  dismissNotices();
  const user = makeUser();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    ...handlers,
  });
  const view = renderApp(`/panel/recibo/${ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Recibo' });
  return { ...view, api, ui: userEvent.setup() };
}

describe('/panel/recibo/:id', () => {
  it('shows every field of the receipt, with Descargar PDF and Imprimir', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { ui } = await openReceipt({
      [`GET /account/payments/${ID}/receipt`]: () =>
        json({ success: true, receipt: RECEIPT, creditNote: null }),
    });
    const doc = await screen.findByRole('article', { name: 'Recibo de pago R-2026-000007' });
    for (const text of [
      'Recibo n.ºR-2026-000007',
      'VendedorMagoTips Demo S.L. (datos de demostración)',
      'Identificación fiscal del vendedorB12345674',
      'Dirección del vendedorCalle de Ejemplo 1, 28001 Madrid, España',
      'ClienteAna García',
      'Identificación fiscal del clienteCUIT 20-12345678-6 (Argentina)',
      'ConceptoPlan Premium (1 mes)',
      'Importe19,99 USD',
      'MonedaUSD',
      'Fecha del pago24/11/2026',
      'Método de pagoTarjeta (Stripe)',
      'Referencia de la transacciónpi_123',
    ]) {
      expect(doc).toHaveTextContent(text);
    }
    expect(
      within(doc).getByRole('button', { name: 'Descargar PDF de R-2026-000007' }),
    ).toBeEnabled();
    await ui.click(within(doc).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });

  it('shows the credit note of a refund below the receipt', async () => {
    await openReceipt({
      [`GET /account/payments/${ID}/receipt`]: () =>
        json({ success: true, receipt: RECEIPT, creditNote: CREDIT }),
    });
    const credit = await screen.findByRole('article', {
      name: 'Factura rectificativa (abono) R-2026-000009',
    });
    expect(credit).toHaveTextContent('Rectifica el reciboR-2026-000007');
    expect(credit).toHaveTextContent('Importe-19,99 USD');
  });

  it('says plainly when the receipt is not the reader’s', async () => {
    await openReceipt({
      [`GET /account/payments/${ID}/receipt`]: () => apiError(404, 'Recibo no encontrado.'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(RECEIPT_MISSING);
    expect(screen.getByRole('link', { name: '← Volver a Mi Cuenta' })).toHaveAttribute(
      'href',
      '/panel/cuenta',
    );
  });

  it('offers a retry when the server fails', async () => {
    let fail = true;
    const { ui } = await openReceipt({
      [`GET /account/payments/${ID}/receipt`]: () =>
        fail
          ? apiError(500, 'Error interno del servidor.')
          : json({ success: true, receipt: RECEIPT, creditNote: null }),
    });
    expect(await screen.findByText(RECEIPT_ERROR, {}, { timeout: 5000 })).toBeInTheDocument();
    fail = false;
    await ui.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByRole('article', { name: 'Recibo de pago R-2026-000007' }),
    ).toBeInTheDocument();
  });
});
