import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAccount } from './testing/open-account';

// Decision 0116: a paused subscriber can't change plan (the server answers 409 PAUSED); the
// card says why in the button's place.
describe('Cambiar de plan while paused', () => {
  it('is replaced by the refusal', async () => {
    const end = new Date(Date.now() + 21 * 24 * 60 * 60 * 1000).toISOString();
    await openAccount(
      {},
      {
        paused: true,
        pausedAt: new Date().toISOString(),
        pausedUntil: null,
        subscription: {
          hasActiveSubscription: true,
          plan: 'premium',
          endDate: end,
          isRecurring: true,
          planKey: 'premium',
          planName: 'Todos los tips VIP',
          durationMonths: 1,
          source: 'subscription',
          nextChargeDate: end,
        },
      },
    );
    const card = screen.getByRole('region', { name: 'Suscripción' });
    expect(within(card).getByText(PAUSE_TEXT.refused(null))).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: PLAN_CHANGE_TEXT.open })).toBeNull();
  });
});
