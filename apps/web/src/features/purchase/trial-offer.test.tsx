import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/api-double';
import { heading1, makePlan } from '../../../test/payment-fixtures';
import { openPurchase } from './testing/purchase-harness';

/** Before paying, the purchase page names the plan and says what the checkout does with its
 * free trial (decisions 0097 and 0098). */
const ELIGIBILITY = 'GET /subscriptions/trial-eligibility';
const trialPlan = (recurring = true) => ({
  item: makePlan({ name: 'Todos los tips VIP', trialDays: 7 }),
  type: 'subscription',
  recurring,
  paymentMethod: 'stripe',
});

describe('purchase page: the plan bought and its free trial', () => {
  it('names the plan and offers the trial to someone who never had one', async () => {
    openPurchase(trialPlan(), {
      [ELIGIBILITY]: () => json({ success: true, eligible: true, reason: null }),
    });
    await heading1('Suscripción: Todos los tips VIP');
    expect(await screen.findByText(TRIAL_TEXT.offer(7, 19.99))).toBeVisible();
  });

  it('says, before paying, that a second trial is charged today', async () => {
    openPurchase(trialPlan(), {
      [ELIGIBILITY]: () => json({ success: true, eligible: false, reason: 'used' }),
    });
    expect(await screen.findByText(TRIAL_TEXT.alreadyUsed)).toBeVisible();
  });

  it('offers no trial for a one-off payment or a plan without one', async () => {
    openPurchase(trialPlan(false));
    await heading1('Suscripción: Todos los tips VIP');
    expect(screen.queryByText(/Prueba gratuita|prueba gratuita/)).toBeNull();
  });
});
