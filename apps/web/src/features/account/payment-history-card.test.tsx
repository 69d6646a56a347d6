import type { TPaymentHistoryEntry } from '@magotips/contracts/receipts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '../../../test/api-double';
import { PAYMENTS_EMPTY, PAYMENTS_ERROR } from './components/payment-history-card';
import { openAccount } from './testing/open-account';

const PAID: TPaymentHistoryEntry = {
  id: '0f439308-125a-4aab-b2c6-5f36ecc794ae',
  date: '2026-11-24T10:00:00.000Z',
  concept: 'Plan Premium (1 mes)',
  amount: 19.99,
  currency: 'USD',
  status: 'paid',
  receiptNumber: 'R-2026-000001',
  receiptUrl: '/api/account/payments/0f439308-125a-4aab-b2c6-5f36ecc794ae/receipt.pdf',
  creditNote: null,
};
const REFUNDED: TPaymentHistoryEntry = {
  ...PAID,
  id: '1a439308-125a-4aab-b2c6-5f36ecc794ae',
  concept: 'Pack «Pack Estados Unidos»',
  amount: 9.99,
  status: 'refunded',
  receiptNumber: 'R-2026-000002',
  receiptUrl: '/api/account/payments/1a439308-125a-4aab-b2c6-5f36ecc794ae/receipt.pdf',
  creditNote: {
    number: 'R-2026-000003',
    url: '/api/account/payments/1a439308-125a-4aab-b2c6-5f36ecc794ae/credit-note.pdf',
    date: '2026-11-25T10:00:00.000Z',
  },
};

const card = () => screen.getByRole('region', { name: 'Historial de pagos' });
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('Historial de pagos', () => {
  it('lists each payment with date, concept, amount, status and its receipt', async () => {
    await openAccount({
      'GET /account/payments': () => json({ success: true, payments: [PAID, REFUNDED] }),
    });
    const rows = await within(card()).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Plan Premium (1 mes)');
    expect(rows[0]).toHaveTextContent('24/11/2026');
    expect(rows[0]).toHaveTextContent('19,99 USD');
    expect(rows[0]).toHaveTextContent('Pagado');
    expect(within(rows[0]!).getByRole('link', { name: 'Recibo R-2026-000001' })).toHaveAttribute(
      'href',
      `/panel/recibo/${PAID.id}`,
    );
    expect(rows[1]).toHaveTextContent('Reembolsado');
    expect(
      within(rows[1]!).getByRole('button', { name: 'Abono R-2026-000003 (descargar PDF)' }),
    ).toBeInTheDocument();
  });

  it('says so when there is no payment yet', async () => {
    await openAccount({});
    expect(await within(card()).findByText(PAYMENTS_EMPTY)).toBeInTheDocument();
  });

  it('shows the error with a retry that loads the history again', async () => {
    let fail = true;
    const { ui } = await openAccount({
      'GET /account/payments': () =>
        fail
          ? apiError(500, 'Error interno del servidor.')
          : json({ success: true, payments: [PAID] }),
    });
    expect(await within(card()).findByText(PAYMENTS_ERROR)).toBeInTheDocument();
    fail = false;
    await ui.click(within(card()).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card()).findByText('Plan Premium (1 mes)')).toBeInTheDocument();
  });

  it('downloads the PDF with the session, and says so in Spanish when it fails', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:receipt');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    let ok = true;
    const { ui, api } = await openAccount({
      'GET /account/payments': () => json({ success: true, payments: [PAID] }),
      [`GET /account/payments/${PAID.id}/receipt.pdf`]: () =>
        ok
          ? new Response('%PDF-1.3', { headers: { 'Content-Type': 'application/pdf' } })
          : apiError(404, 'Recibo no encontrado.'),
    });
    const button = await within(card()).findByRole('button', {
      name: 'Descargar PDF del recibo R-2026-000001',
    });
    await ui.click(button);
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const call = api.callsTo(`GET /account/payments/${PAID.id}/receipt.pdf`)[0];
    expect(call?.headers.get('authorization')).toBe('Bearer session-token');
    ok = false;
    await ui.click(button);
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Recibo no encontrado.');
  });
});
