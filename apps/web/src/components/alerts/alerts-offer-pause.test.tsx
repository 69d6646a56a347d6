import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import { PaymentAlertsOffer, VipAlertsOffer } from './alerts-offer-placements';

// Decision 0116: alerts stop while paused, so neither placement offers them.
const PAUSED: TSessionUser = {
  ...TEST_USER,
  subscription: { hasActiveSubscription: true, plan: 'premium' },
  paused: true,
  pausedAt: new Date().toISOString(),
  pausedUntil: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
};

describe('the alerts offer while paused', () => {
  it('is not shown on the payment page nor on Tips VIP', () => {
    storeSession(PAUSED);
    const api = fakeApi({}, { user: PAUSED });
    renderWithApp(
      <>
        <PaymentAlertsOffer />
        <VipAlertsOffer />
      </>,
    );
    expect(screen.queryByRole('region')).toBeNull();
    expect(api.calls().filter((call) => call.startsWith('GET /alerts'))).toEqual([]);
  });
});
