import type { TUser } from '@magotips/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RequireAuth } from '../../components/session/route-guards';
import { apiError, authAnswer, json, makeUser, type ApiHandler } from '../../../test/api-double';
import { useSession } from '../../lib/session/session-context';
import { heading1, openSignedIn, TRANSACTION_ID } from '../../../test/payment-fixtures';
import { readTransactionId, storeTransactionId } from '../../lib/payments/transaction-storage';
import PaymentCancelPage from './payment-cancel-page';
import PaymentSuccessPage from './payment-success-page';

const SUB_CHECK = `GET /subscriptions/check-payment/${TRANSACTION_ID}`;
const PACK_CHECK = `GET /packs/check-payment/${TRANSACTION_ID}`;

function SubscriptionFlag() {
  const { user } = useSession();
  return <p data-testid="flag">{String(user?.subscription?.hasActiveSubscription ?? false)}</p>;
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

/** The result page with quick polling, behind the real guard, beside a probe of the session. */
function openResult(search: string, api: Record<string, ApiHandler>, user?: TUser) {
  // The browser's own address, as the provider's redirect leaves it: the start-up check reads it.
  window.history.replaceState(null, '', `/payment/success${search}`);
  return openSignedIn(
    { pathname: '/payment/success', search },
    {
      api,
      user,
      routes: [
        {
          element: <RequireAuth />,
          children: [
            {
              path: '/payment/success',
              element: (
                <>
                  <PaymentSuccessPage pollAttempts={3} pollIntervalMs={10} />
                  <SubscriptionFlag />
                </>
              ),
            },
            { path: '/payment/cancel', element: <PaymentCancelPage /> },
          ],
        },
      ],
    },
  );
}

const subscriptionTx = (patch: Record<string, unknown> = {}) => ({
  _id: TRANSACTION_ID,
  transactionId: TRANSACTION_ID,
  status: 'completed',
  amount: 19.99,
  currency: 'USD',
  type: 'subscription',
  pack: null,
  plan: 'premium',
  planData: { name: 'Plan Premium', duration: 3 },
  isRecurring: true,
  ...patch,
});

const packTx = (patch: Record<string, unknown> = {}) => ({
  _id: TRANSACTION_ID,
  transactionId: TRANSACTION_ID,
  status: 'completed',
  amount: 14.99,
  currency: 'USD',
  type: 'pack',
  pack: { _id: null, nombre: 'Pack Estados Unidos' },
  plan: null,
  planData: null,
  isRecurring: false,
  ...patch,
});

const details = () => screen.getByRole('region', { name: '¡Pago Exitoso!' });
const detail = (label: string) =>
  within(details()).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PaymentSuccessPage: success', () => {
  it('verifies a subscription with the stored id, shows its fields and refreshes the session', async () => {
    storeTransactionId('subscription', TRANSACTION_ID);
    let subscribed = false;
    const before = makeUser();
    const after = makeUser({
      subscription: { hasActiveSubscription: true, plan: 'premium', endDate: '2030-01-01T00:00:00.000Z', isRecurring: true },
    });
    const { api } = openResult('?session_id=cs_1&type=subscription', {
      'POST /auth/me_verify': () => authAnswer(subscribed ? after : before, 'session-token'),
      [SUB_CHECK]: () => {
        subscribed = true;
        return json({ success: true, transaction: subscriptionTx() });
      },
    });

    expect(await heading1('¡Pago Exitoso!')).toBeVisible();
    expect(detail('Plan')).toBe('Plan Premium');
    expect(detail('Importe')).toBe('$19.99 USD');
    expect(detail('Estado')).toBe('Completado');
    expect(detail('ID de transacción')).toBe(TRANSACTION_ID);
    expect(detail('Duración')).toBe('3 meses');
    expect(within(details()).getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(within(details()).getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/panel');

    await waitFor(() => expect(screen.getByTestId('flag')).toHaveTextContent('true'));
    expect(api.callsTo('POST /auth/me_verify')).toHaveLength(2);
    expect(readTransactionId('subscription')).toBeNull();
    expect(api.callsTo('GET /subscriptions/verify-session/cs_1')).toHaveLength(0);
  });

  it('defaults the currency to USD and the duration to 1 month', async () => {
    storeTransactionId('subscription', TRANSACTION_ID);
    openResult('?session_id=cs_1&type=subscription', {
      [SUB_CHECK]: () =>
        json({ success: true, transaction: subscriptionTx({ currency: undefined, planData: null }) }),
    });

    await heading1('¡Pago Exitoso!');
    expect(detail('Importe')).toBe('$19.99 USD');
    expect(detail('Duración')).toBe('1 mes');
    expect(detail('Plan')).toBe('Plan Premium');
  });

  it('falls back to the checkout session when no id is stored, and shows the pack fields', async () => {
    const { api } = openResult('?session_id=cs_9&type=pack', {
      'GET /packs/verify-session/cs_9': () => json({ success: true, transaction: packTx() }),
    });

    await heading1('¡Pago Exitoso!');
    expect(detail('Pack')).toBe('Pack Estados Unidos');
    expect(detail('Importe')).toBe('$14.99 USD');
    expect(detail('Estado')).toBe('Completado');
    expect(detail('ID de transacción')).toBe(TRANSACTION_ID);
    expect(within(details()).queryByText('Duración')).not.toBeInTheDocument();
    expect(api.callsTo('GET /packs/verify-session/cs_9')).toHaveLength(1);
  });

  // Issue 13 item 6: from the paid pack straight to its tips, in the VIP tab.
  it("links a paid pack straight to its tips in the landing's Tips VIP tab", async () => {
    openResult('?session_id=cs_9&type=pack', {
      'GET /packs/verify-session/cs_9': () => json({ success: true, transaction: packTx() }),
    });

    await heading1('¡Pago Exitoso!');
    expect(screen.getByRole('link', { name: 'Ver los tips de mi pack' })).toHaveAttribute(
      'href',
      '/?tab=vip',
    );
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/panel');
  });

  it('shows Verificando Pago... while it asks', async () => {
    storeTransactionId('pack', TRANSACTION_ID);
    openResult('?session_id=cs_1&type=pack', { [PACK_CHECK]: () => new Promise<Response>(() => {}) });
    expect(await heading1('Verificando Pago...')).toBeVisible();
  });
});

describe('PaymentSuccessPage: pending, errors', () => {
  it('asks again while pending, then settles on Verificación Pendiente with a panel button', async () => {
    storeTransactionId('pack', TRANSACTION_ID);
    const { api } = openResult('?session_id=cs_1&type=pack', {
      [PACK_CHECK]: () => json({ success: true, transaction: packTx({ status: 'pending' }) }),
    });

    expect(await heading1('Verificación Pendiente')).toBeVisible();
    expect(api.callsTo(PACK_CHECK)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/panel');
    expect(readTransactionId('pack')).toBe(TRANSACTION_ID);
  });

  it('turns to success when a later answer completes', async () => {
    storeTransactionId('pack', TRANSACTION_ID);
    let answers = 0;
    openResult('?session_id=cs_1&type=pack', {
      [PACK_CHECK]: () => {
        answers += 1;
        return json({ success: true, transaction: packTx({ status: answers < 2 ? 'pending' : 'completed' }) });
      },
    });
    expect(await heading1('¡Pago Exitoso!')).toBeVisible();
  });

  it.each(['failed', 'cancelled'])('reports a %s payment and forgets its stored id', async (status) => {
    storeTransactionId('pack', TRANSACTION_ID);
    openResult('?session_id=cs_1&type=pack', {
      [PACK_CHECK]: () => json({ success: true, transaction: packTx({ status }) }),
    });

    expect(await heading1('Error en la Verificación')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `La transacción no se completó correctamente. Estado: ${status}`,
    );
    expect(screen.getByText(/contacta con soporte/)).toHaveTextContent('identificador de transacción');
    expect(screen.getAllByText(TRANSACTION_ID).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/panel');
    await waitFor(() => expect(readTransactionId('pack')).toBeNull());
  });

  it("quotes 'desconocido' for a transaction without a status", async () => {
    storeTransactionId('pack', TRANSACTION_ID);
    openResult('?type=pack', {
      [PACK_CHECK]: () => json({ success: true, transaction: packTx({ status: undefined }) }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'La transacción no se completó correctamente. Estado: desconocido',
    );
  });

  it("says 'No se encontró información de sesión de pago' with nothing to verify", async () => {
    const { api } = openResult('', {});
    expect(await heading1('Error en la Verificación')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('No se encontró información de sesión de pago');
    expect(api.calls.map((call) => call.key)).toEqual(['POST /auth/me_verify']);
  });

  it.each<[string, string, ApiHandler, string]>([
    ['pack', 'success false', () => json({ success: false }), 'Error verificando el pago del pack'],
    ['subscription', 'success false', () => json({ success: false }), 'Error verificando la suscripción'],
    ['pack', 'success false with message', () => json({ success: false, message: 'Pago rechazado' }), 'Pago rechazado'],
    ['pack', 'HTTP error without message', () => new Response('', { status: 502 }), 'Error al verificar el pago del pack'],
    ['subscription', 'HTTP error without message', () => new Response('', { status: 502 }), 'Error verificando la suscripción'],
    ['pack', 'HTTP error with message', () => apiError(403, 'Esta transacción no es tuya', 'FORBIDDEN'), 'Esta transacción no es tuya'],
    ['pack', 'answer without transaction', () => json({ success: true }), 'No se pudo verificar el pago. Contacta soporte si el cargo fue realizado.'],
  ])('%s, %s', async (type, _case, handler, text) => {
    openResult(`?session_id=cs_2&type=${type}`, { [`GET /${type}s/verify-session/cs_2`]: handler });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('gives support the checkout session when no transaction id is known', async () => {
    openResult('?session_id=cs_unknown&type=pack', {
      'GET /packs/verify-session/cs_unknown': () => apiError(404, 'Transacción no encontrada.', 'NOT_FOUND'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Transacción no encontrada.');
    expect(screen.getByText(/contacta con soporte/)).toHaveTextContent('identificador de la sesión de pago');
    expect(screen.getByText('cs_unknown')).toBeVisible();
  });

  it("says 'No se pudo verificar el pago…' when the server cannot be reached", async () => {
    openResult('?session_id=cs_3&type=pack', {
      'GET /packs/verify-session/cs_3': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo verificar el pago. Contacta soporte si el cargo fue realizado.',
    );
  });
});

describe('PaymentCancelPage', () => {
  it('says nothing was charged, offers retry and home, and frees the cancelled payment', async () => {
    storeTransactionId('pack', TRANSACTION_ID);
    openSignedIn('/payment/cancel', {
      api: { [PACK_CHECK]: () => json({ success: true, transaction: packTx({ status: 'cancelled' }) }) },
    });

    expect(await heading1('Pago cancelado')).toBeVisible();
    expect(screen.getByText(/no se ha realizado ningún cargo/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(readTransactionId('pack')).toBeNull());
  });
});
