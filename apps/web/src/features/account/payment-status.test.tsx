import { BILLING_MSG } from '@magotips/contracts/billing';
import type { TUser, TUserSubscription } from '@magotips/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, authAnswer, json, makeUser, stubApi } from '../../../test/api-double';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { dismissNotices, renderWithApp, storeSession } from '../../../test/utils';
import { PaymentStatus } from './components/payment-status';
import { formatDateTime } from './format';

preloadRoutes('/panel/cuenta');

const DAY = 86_400_000;
const PORTAL = 'https://billing.stripe.test/p/session/bps_1';

function subscriber(patch: Partial<TUserSubscription> = {}): TUser {
  return makeUser({
    subscription: {
      hasActiveSubscription: true,
      plan: 'premium',
      endDate: new Date(Date.now() + 20 * DAY).toISOString(),
      isRecurring: true,
      daysRemaining: 20,
      planKey: 'premium',
      planName: 'Plan Premium',
      durationMonths: 1,
      source: 'subscription',
      nextChargeDate: new Date(Date.now() + 20 * DAY).toISOString(),
      paymentPending: false,
      nextPaymentAttempt: null,
      ...patch,
    },
  });
}

/** A renewal that failed yesterday; Stripe retries in three days. */
const retryAt = new Date(Date.now() + 3 * DAY).toISOString();
const pending = () =>
  subscriber({
    endDate: new Date(Date.now() - DAY).toISOString(),
    daysRemaining: -1,
    paymentPending: true,
    nextPaymentAttempt: retryAt,
  });

/** The date as the card writes it, in the account's zone (makeUser: Madrid), named. */
const spanish = (iso: string) => formatDateTime(iso, 'Europe/Madrid') ?? '';

describe('PaymentStatus', () => {
  it('says "Pago pendiente" with the next attempt, and opens the portal at the answered URL', async () => {
    const api = stubApi({ 'POST /billing/portal': () => json({ url: PORTAL }) });
    const navigate = vi.fn();
    storeSession(pending(), 'session-token');
    renderWithApp(<PaymentStatus user={pending()} navigate={navigate} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent(BILLING_MSG.paymentPending);
    expect(notice).toHaveTextContent(`Volveremos a intentarlo el ${spanish(retryAt)}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Gestionar pago' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(PORTAL));
    expect(api.callsTo('POST /billing/portal')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Abriendo...' })).toBeDisabled();
  });

  it('answers a failure with the Spanish message and a retry that works', async () => {
    let fail = true;
    const api = stubApi({
      'POST /billing/portal': () =>
        fail
          ? apiError(502, BILLING_MSG.portalFailed, 'PAYMENT_PROVIDER_ERROR')
          : json({ url: PORTAL }),
    });
    const navigate = vi.fn();
    storeSession(subscriber(), 'session-token');
    renderWithApp(<PaymentStatus user={subscriber()} navigate={navigate} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Gestionar pago' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BILLING_MSG.portalFailed);
    expect(navigate).not.toHaveBeenCalled();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(PORTAL));
    expect(api.callsTo('POST /billing/portal')).toHaveLength(2);
  });

  it('offers nothing to a gift, a one-off payment or someone without a subscription', () => {
    stubApi();
    for (const user of [
      subscriber({ source: 'gift', isRecurring: false }),
      subscriber({ source: 'one_off', isRecurring: false }),
      makeUser(),
    ]) {
      const { unmount } = renderWithApp(<PaymentStatus user={user} />);
      expect(screen.queryByRole('button', { name: 'Gestionar pago' })).toBeNull();
      unmount();
    }
  });
});

describe('AccountPage: a renewal Stripe is retrying', () => {
  it('shows "Pago pendiente" in the subscription card instead of "Procesando renovación"', async () => {
    const user = pending();
    dismissNotices();
    storeSession(user, 'session-token');
    stubApi({
      'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
      'GET /packs/mis-packs': () => json({ success: true, data: [] }),
    });
    renderApp('/panel/cuenta');
    await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
    const card = screen.getByRole('region', { name: 'Suscripción' });
    expect(within(card).getAllByText(BILLING_MSG.paymentPending).length).toBeGreaterThan(0);
    expect(within(card).queryByText('Procesando renovación...')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Gestionar pago' })).toBeEnabled();
  });
});
