import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadRoutes } from '../../../test/render-app';
import { json, makeUser } from '../../../test/api-double';
import { heading1, makePlan, openSignedIn } from '../../../test/payment-fixtures';

preloadRoutes('/subscription');

// Decision 0116: the plans stay in view, but a paused reader is told why they can't go on.
describe('SubscriptionPage while paused', () => {
  it('shows the refusal with the end date instead of Continuar', async () => {
    const until = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000);
    openSignedIn('/subscription', {
      api: { 'GET /subscriptions/plans': () => json({ success: true, data: [makePlan()] }) },
      user: makeUser({
        paused: true,
        pausedAt: new Date().toISOString(),
        pausedUntil: until.toISOString(),
      }),
    });
    await heading1('Elige tu plan');
    expect(
      screen.getByText(PAUSE_TEXT.refused(dateInZoneText(until, 'Europe/Madrid'))),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuar' })).toBeNull();
  });
});
