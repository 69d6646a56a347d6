import { GIFT_MESSAGE_MAX, GIFT_PURCHASE_MSG } from '@magotips/contracts/gifts';
import { IMMEDIATE_ACCESS_CONSENT } from '@magotips/contracts/purchase-consent';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissNotices } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
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
import { GIFT_MONTHS_TEXTS } from './gift-plan-months';

preloadRoutes('/regalar');

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

  it('shows a message with a link refused inline, and calls nothing', async () => {
    const { api, user } = openGift(`/regalar?pack=${PACK_ID}`, { [CREATE]: created });
    await heading1(/^Regalar /);
    await user.type(message(), 'Cobra tu premio en premio.example/x');
    await user.click(consent());
    await user.click(pay());
    const shown = await screen.findByText(GIFT_PURCHASE_MSG.messageLink);
    expect(shown).toHaveTextContent('El mensaje no puede contener enlaces');
    expect(message()).toHaveAttribute('aria-invalid', 'true');
    expect(message().getAttribute('aria-describedby')).toContain(shown.id);
    expect(api.callsTo(CREATE)).toHaveLength(0);
    // Without the link the same gift goes through.
    await user.clear(message());
    await user.type(message(), 'Cobra tu premio');
    await user.click(pay());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ message: 'Cobra tu premio' });
  });

  it('offers a plan for 1 to 12 months with the total, and sends the months chosen', async () => {
    const plan = makePlan({ price: 19.99, duration: 1 });
    const { api, user } = openGift(`/regalar?plan=${plan.key}&months=1`, { [CREATE]: created });
    await heading1(`Regalar ${plan.name}`);
    const months = screen.getByRole('combobox', { name: GIFT_MONTHS_TEXTS.label });
    expect(Array.from((months as HTMLSelectElement).options).map((o) => [o.value, o.text])).toEqual(
      Array.from({ length: 12 }, (_, i) => [String(i + 1), i === 0 ? '1 mes' : `${i + 1} meses`]),
    );
    expect(screen.getByText('Total: $19.99 USD')).toBeVisible();
    await user.selectOptions(months, '3');
    expect(screen.getByText('Total: $59.97 USD')).toBeVisible();
    expect(screen.getByText('Acceso VIP durante 3 meses')).toBeVisible();
    await user.click(consent());
    await user.click(pay());
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({
      type: 'plan',
      planKey: plan.key,
      months: 3,
    });
  });

  it("starts from the link's months, and prices a longer plan by its monthly price", async () => {
    const plan = makePlan({ key: 'trimestral', name: 'Plan Trimestral', price: 45, duration: 3 });
    openGift(`/regalar?plan=${plan.key}&months=12`, {
      'GET /subscriptions/plans': () => json({ success: true, data: [plan] }),
    });
    await heading1(`Regalar ${plan.name}`);
    expect(screen.getByRole('combobox', { name: GIFT_MONTHS_TEXTS.label })).toHaveValue('12');
    expect(screen.getByText('Total: $180.00 USD')).toBeVisible();
    expect(screen.getByText('$15.00 USD al mes × 12 meses')).toBeVisible();
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
