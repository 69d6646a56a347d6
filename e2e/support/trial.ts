import { expect, inject } from 'vitest';
import { api } from './api';

/** The demo's plan with the 7-day free trial (decision 0098), as its radio on /subscription
 * begins: its name, then the trial's badge. */
export const TRIAL_PLAN = 'Todos los tips VIP';
export const TRIAL_PLAN_RADIO = /^Todos los tips VIP 7 días gratis/;

/** A precondition for journeys about paying a plan: the account has had its one free trial
 * (started on the simulated checkout and cancelled at once), so its next checkout is charged. */
export async function useUpTrial(token: string): Promise<void> {
  const created = await api('/subscriptions/create-payment-stripe', {
    method: 'POST',
    token,
    body: {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      recurring: true,
      immediateAccessConsent: true,
    },
  });
  expect(created.status).toBe(201);
  const url = new URL(String((created.body.payment as { stripeCheckoutUrl: string }).stripeCheckoutUrl));
  const paid = await fetch(`${inject('baseUrl')}${url.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  expect((await api('/subscriptions/cancel', { method: 'POST', token })).status).toBe(200);
}
