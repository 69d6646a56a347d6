import { GIFT_MESSAGE_MAX, GIFT_PURCHASE_MSG } from '@magotips/contracts/gifts';
import { IMMEDIATE_ACCESS_CONSENT } from '@magotips/contracts/purchase-consent';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissNotices } from '../../../test/utils';
import { renderApp } from '../../../test/render-app';
import { apiError, json, stubApi, type ApiHandler } from '../../../test/api-double';
import type * as CheckoutRedirect from '../../lib/payments/checkout-redirect';
import { redirectToCheckout } from '../../lib/payments/checkout-redirect';
import {
  heading1,
  makePack,
  makePlan,
  openSignedIn,
  PACK_ID,
  TRANSACTION_ID,
} from '../../../test/payment-fixtures';
import { GIFT_FORM_TEXTS } from './gift-form';

vi.mock('../../lib/payments/checkout-redirect', async (importOriginal) => ({
  ...(await importOriginal<typeof CheckoutRedirect>()),
  redirectToCheckout: vi.fn(),
}));
afterEach(() => vi.mocked(redirectToCheckout).mockReset());

const CHECKOUT_URL = '/api/payments/simulated/checkout/sim_cs_test_1';
const CREATE = 'POST /gifts/create-payment-stripe';
const created = () =>
  json({
    success: true,
    message: 'Sesión de pago creada.',
    payment: { transactionId: TRANSACTION_ID, stripeCheckoutUrl: CHECKOUT_URL },
  });

function openGift(path: string, api: Record<string, ApiHandler> = {}) {
  return openSignedIn(path, {
    api: {
      'GET /packs/disponibles': () => json({ success: true, data: [makePack()] }),
      'GET /subscriptions/plans': () => json({ success: true, data: [makePlan()] }),
      ...api,
    },
  });
}

const recipient = () => screen.getByLabelText(new RegExp(GIFT_FORM_TEXTS.recipient));
const message = () => screen.getByRole('textbox', { name: /Mensaje/ });
const consent = () => screen.getByRole('checkbox', { name: /Acepto los Términos/ });
const pay = () => screen.getByRole('button', { name: GIFT_FORM_TEXTS.pay });

describe('/regalar: the gift checkout form', () => {
  it('sends a pack gift with recipient, message and consent, then goes to the checkout', async () => {
    const { api, user } = openGift(`/regalar?pack=${PACK_ID}`, { [CREATE]: created });
    expect(await heading1(/^Regalar /)).toBeVisible();
    await user.type(recipient(), 'amiga@example.com');
    await user.type(message(), '¡Feliz cumpleaños!');
    expect(screen.getByText(`18/${GIFT_MESSAGE_MAX} caracteres`)).toBeVisible();
    await user.click(consent());
    await user.click(pay());
    await waitFor(() => expect(redirectToCheckout).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      type: 'pack',
      packId: PACK_ID,
      recipientEmail: 'amiga@example.com',
      message: '¡Feliz cumpleaños!',
      immediateAccessConsent: true,
    });
    // On the way to the provider the button stays busy.
    expect(screen.getByRole('button', { name: GIFT_FORM_TEXTS.paying })).toBeDisabled();
  });

  it('shows the Spanish rules before calling the server', async () => {
    const { api, user } = openGift(`/regalar?pack=${PACK_ID}`, { [CREATE]: created });
    await heading1(/^Regalar /);
    await user.type(recipient(), 'no-es-email');
    await user.click(pay());
    expect(await screen.findByText(GIFT_PURCHASE_MSG.recipientEmailInvalid)).toBeVisible();
    expect(recipient()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(IMMEDIATE_ACCESS_CONSENT.required)).toBeVisible();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });

  it('sends a plan gift for the months it is sold by, with no recipient', async () => {
    const plan = makePlan();
    const { api, user } = openGift(`/regalar?plan=${plan.key}&months=${plan.duration}`, {
      [CREATE]: created,
    });
    expect(await heading1(`Regalar ${plan.name}`)).toBeVisible();
    await user.click(consent());
    await user.click(pay());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      type: 'plan',
      planKey: plan.key,
      months: plan.duration,
      recipientEmail: null,
      message: null,
      immediateAccessConsent: true,
    });
  });

  it("shows the server's Spanish refusal and lets the buyer try again", async () => {
    const { user } = openGift(`/regalar?pack=${PACK_ID}`, {
      [CREATE]: () => apiError(404, 'Pack no encontrado. Es posible que haya sido removido.'),
    });
    await heading1(/^Regalar /);
    await user.click(consent());
    await user.click(pay());
    expect(await screen.findByRole('alert')).toHaveTextContent('Pack no encontrado');
    expect(pay()).toBeEnabled();
    expect(redirectToCheckout).not.toHaveBeenCalled();
  });

  it('says so when the pack or plan asked for is not on sale', async () => {
    openGift('/regalar?pack=00000000-0000-4000-8000-000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No encontramos lo que quieres regalar',
    );
  });

  it('sends a visitor to /login and back to this gift afterwards', async () => {
    dismissNotices();
    stubApi({ 'GET /packs/disponibles': () => json({ success: true, data: [makePack()] }) });
    const { router } = renderApp(`/regalar?pack=${PACK_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      `/regalar?pack=${PACK_ID}`,
    );
  });
});
