import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/api-double';
import { heading1, makePlan } from '../../../test/payment-fixtures';
import type * as CheckoutRedirect from '../../lib/payments/checkout-redirect';
import { redirectToCheckout } from '../../lib/payments/checkout-redirect';
import { TRIAL_CONFIRM_LABEL } from './purchase-page';
import { CHECKOUT_URL, consentBox, created, SUB_CREATE } from './testing/purchase-harness';
import { openSignedIn } from '../../../test/payment-fixtures';

vi.mock('../../lib/payments/checkout-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutRedirect>()),
  redirectToCheckout: vi.fn(),
}));

afterEach(() => {
  vi.mocked(redirectToCheckout).mockReset();
});

/** /purchase?periodo=anual (decision 0101): the yearly price, its saving, and a payment asked
 * for the year; and, while the trial applies, a button that says so (no amount is charged). */
const ELIGIBILITY = 'GET /subscriptions/trial-eligibility';
const state = (patch = {}) => ({
  item: makePlan({ name: 'Todos los tips VIP', yearlyPrice: 179.99, ...patch }),
  type: 'subscription',
  recurring: true,
  paymentMethod: 'stripe',
});

function openYearly(
  item: unknown,
  api: Parameters<typeof openSignedIn>[1] = {},
  search = '?periodo=anual',
) {
  return openSignedIn({ pathname: '/purchase', search, state: item }, api);
}

describe('PurchasePage: the yearly price', () => {
  it('shows "/ año" and the saving, and asks for the year: yearly true, amount the yearly price', async () => {
    const { user, api } = openYearly(state(), { api: { [SUB_CREATE]: created } });
    await heading1('Suscripción: Todos los tips VIP');
    const summary = screen.getByRole('region', { name: 'Resumen de la compra' });
    expect(summary).toHaveTextContent('$179.99 USD / año');
    expect(summary).toHaveTextContent('Ahorra 25 %');
    expect(summary).toHaveTextContent('Duración12 meses');

    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Confirmar Compra - $179.99' }));
    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(SUB_CREATE)[0]?.body).toEqual({
      plan: 'premium',
      amount: 179.99,
      currency: 'USD',
      recurring: true,
      yearly: true,
      immediateAccessConsent: true,
    });
  });

  it('refuses the year of a plan not sold by the year, with the contract text', async () => {
    const { api } = openYearly(state({ yearlyPrice: null }), { api: { [SUB_CREATE]: created } });
    await heading1('Suscripción: Todos los tips VIP');
    expect(await screen.findByRole('alert')).toHaveTextContent(PERIOD_TEXT.notSoldYearly);
    expect(screen.queryByRole('button', { name: /^Confirmar Compra/ })).toBeNull();
    expect(api.callsTo(SUB_CREATE)).toHaveLength(0);
  });
});

describe('PurchasePage: the confirm button while the free trial applies', () => {
  it("reads 'Empezar la prueba gratuita' and offers the trial at the yearly price", async () => {
    const { user, api } = openYearly(state({ trialDays: 7 }), {
      api: {
        [ELIGIBILITY]: () => json({ success: true, eligible: true, reason: null }),
        [SUB_CREATE]: created,
      },
    });
    expect(await screen.findByText(TRIAL_TEXT.offer(7, 179.99))).toBeVisible();
    const button = screen.getByRole('button', { name: TRIAL_CONFIRM_LABEL });
    await user.click(consentBox());
    await user.click(button);
    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(SUB_CREATE)[0]?.body).toMatchObject({ yearly: true, amount: 179.99 });
  });

  it('keeps the amount when this person already had a trial', async () => {
    openYearly(
      state({ trialDays: 7 }),
      { api: { [ELIGIBILITY]: () => json({ success: true, eligible: false, reason: 'used' }) } },
      '',
    );
    expect(await screen.findByText(TRIAL_TEXT.alreadyUsed)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Confirmar Compra - $19.99' })).toBeVisible();
  });
});
