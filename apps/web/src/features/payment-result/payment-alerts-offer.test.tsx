import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '../../components/session/route-guards';
import { OFFER_TEXT } from '../../components/alerts/alerts-offer-text';
import { json, makeUser, type ApiHandler } from '../../../test/api-double';
import { heading1, openSignedIn, TRANSACTION_ID } from '../../../test/payment-fixtures';
import { storeTransactionId } from '../../lib/payments/transaction-storage';
import PaymentSuccessPage from './payment-success-page';

// Issue 31 item 4 (decision 0107): the success page offers alerts under a verified payment.

const PACK_CHECK = `GET /packs/check-payment/${TRANSACTION_ID}`;
const USER = makeUser();

const packTx = (status: string) => ({
  _id: TRANSACTION_ID,
  transactionId: TRANSACTION_ID,
  status,
  amount: 14.99,
  currency: 'USD',
  type: 'pack',
  pack: { _id: null, nombre: 'Pack Estados Unidos' },
  plan: null,
  planData: null,
  isRecurring: false,
});

const ALERTS: Record<string, ApiHandler> = {
  'GET /alerts/preferences': () =>
    json({
      success: true,
      preferences: { email: { free: false, vip: false }, push: { free: false, vip: false } },
      vipEligible: true,
    }),
  'GET /telegram/link': () =>
    json({ success: true, available: true, linked: false, username: null }),
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

function openResult(status: string) {
  storeTransactionId('pack', TRANSACTION_ID);
  const search = '?session_id=cs_1&type=pack';
  window.history.replaceState(null, '', `/payment/success${search}`);
  return openSignedIn(
    { pathname: '/payment/success', search },
    {
      user: USER,
      api: { [PACK_CHECK]: () => json({ success: true, transaction: packTx(status) }), ...ALERTS },
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

const offer = () => screen.queryByRole('region', { name: OFFER_TEXT.title });

describe('PaymentSuccessPage: the alerts offer', () => {
  it('offers alerts under a verified pack, outside the result live region, until dismissed', async () => {
    const { user } = openResult('completed');
    expect(await heading1('¡Pago Exitoso!')).toBeVisible();
    const region = offer();
    expect(region).toBeVisible();
    expect(within(region!).getByRole('heading', { level: 2 })).toHaveTextContent(OFFER_TEXT.title);
    expect(region!.closest('[aria-live]')).toBeNull();
    expect(
      await within(region!).findByRole('button', { name: OFFER_TEXT.email.action }),
    ).toBeVisible();
    // Shown once here: a first visit to Tips VIP does not ask again.
    expect(window.localStorage.getItem(`alertsOfferSeen:${USER._id}`)).toBe('true');

    await user.click(screen.getByRole('button', { name: OFFER_TEXT.dismiss }));
    expect(offer()).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver los tips de mi pack' })).toBeVisible();
  });

  it('offers nothing while verifying, nor after a payment that failed', async () => {
    openResult('failed');
    expect(await heading1('Error en la Verificación')).toBeVisible();
    expect(offer()).toBeNull();
  });
});
