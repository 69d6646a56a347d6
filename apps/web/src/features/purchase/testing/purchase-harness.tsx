// Test support for the purchase page's tests (imported by *.test.tsx only, so never bundled):
// the page opened with a pack or a plan, the calls it makes, and its consent and button.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { json, type ApiHandler } from '../../../../test/api-double';
import { makePack, makePlan, openSignedIn, TRANSACTION_ID } from '../../../../test/payment-fixtures';
import { preloadRoutes } from '../../../../test/render-app';

preloadRoutes('/purchase');

export const CHECKOUT_URL = '/api/payments/simulated/checkout/cs_test_1';
export const PACK_CREATE = 'POST /packs/create-payment-stripe';
export const SUB_CREATE = 'POST /subscriptions/create-payment-stripe';
export const CLEAN = 'POST /packs/clean-pending-transactions';
export const created = () =>
  json({
    success: true,
    message: 'Pago creado',
    payment: { transactionId: TRANSACTION_ID, stripeCheckoutUrl: CHECKOUT_URL },
  });

export function openPurchase(state: unknown, api: Record<string, ApiHandler> = {}) {
  return openSignedIn({ pathname: '/purchase', state }, { api });
}

export const packState = (patch = {}) => ({ item: makePack(patch), type: 'pack' });
export const planState = (recurring = true) => ({
  item: makePlan(),
  type: 'subscription',
  recurring,
  paymentMethod: 'stripe',
});
export const confirmButton = () => screen.getByRole('button', { name: /^Confirmar Compra/ });
export const consentBox = () => screen.getByRole('checkbox', { name: /Acepto los Términos/ });
/** Ticks the immediate-access consent (once: a second click would untick it) and confirms. */
export async function confirmWithConsent(user: UserEvent) {
  if (!(consentBox() as HTMLInputElement).checked) await user.click(consentBox());
  await user.click(confirmButton());
}
