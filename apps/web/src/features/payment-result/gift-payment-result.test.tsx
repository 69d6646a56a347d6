import { GIFT_PURCHASE_MSG } from '@magotips/contracts/gifts';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '../../components/session/route-guards';
import { json, type ApiHandler } from '../../../test/api-double';
import PaymentSuccessPage from './payment-success-page';
import { heading1, openSignedIn, TRANSACTION_ID } from '../../../test/payment-fixtures';

afterEach(() => window.history.replaceState(null, '', '/'));

const SESSION = 'sim_cs_gift_test_1';
const VERIFY = `GET /gifts/verify-session/${SESSION}`;
const answer = (
  status: string,
  code: string | null,
  recipientEmail: string | null,
  message?: string,
) =>
  json({
    success: true,
    message,
    transaction: {
      _id: TRANSACTION_ID,
      transactionId: TRANSACTION_ID,
      status,
      amount: 19.99,
      currency: 'USD',
      type: 'pack',
      pack: { _id: null, nombre: 'Pack Europeo' },
      plan: null,
      planData: null,
      isRecurring: false,
      createdAt: '2026-06-01T12:00:00.000Z',
      completedAt: null,
    },
    gift: { type: 'pack', itemName: 'Pack Europeo', months: null, recipientEmail, code },
  });

function openResult(api: Record<string, ApiHandler>) {
  const search = `?session_id=${SESSION}&type=gift`;
  window.history.replaceState(null, '', `/payment/success${search}`);
  return openSignedIn(
    { pathname: '/payment/success', search },
    {
      api,
      routes: [
        {
          element: <RequireAuth />,
          children: [
            {
              path: '/payment/success',
              element: <PaymentSuccessPage pollAttempts={2} pollIntervalMs={10} />,
            },
          ],
        },
      ],
    },
  );
}

describe('/payment/success?type=gift', () => {
  it('says the gift was paid, where the code went, and shows the code', async () => {
    const { api } = openResult({
      [VERIFY]: () => answer('completed', 'MAGO-AAAA-BBBB-CCCC-DDDD', 'amiga@example.com'),
    });
    expect(await heading1('¡Regalo pagado!')).toBeVisible();
    expect(screen.getByText(/Hemos enviado el código a amiga@example.com/)).toBeVisible();
    expect(screen.getByText('MAGO-AAAA-BBBB-CCCC-DDDD')).toBeVisible();
    // Only the gift call: the pack and plan verifications are not asked.
    expect(api.calls.filter((c) => c.key.includes('verify-session'))).toHaveLength(1);
  });

  it("paid but no code (the pack was deleted first): says so with the server's words, no code", async () => {
    openResult({
      [VERIFY]: () => answer('completed', null, 'amiga@example.com', GIFT_PURCHASE_MSG.notIssued),
    });
    expect(await heading1('Regalo no disponible')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(GIFT_PURCHASE_MSG.notIssued);
    expect(screen.queryByText(/MAGO-/)).not.toBeInTheDocument();
  });

  it('settles on pending when the payment is not confirmed yet', async () => {
    openResult({ [VERIFY]: () => answer('pending', null, null) });
    expect(await heading1('Verificación Pendiente')).toBeVisible();
  });
});
