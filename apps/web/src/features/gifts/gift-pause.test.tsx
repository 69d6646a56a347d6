import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadRoutes } from '../../../test/render-app';
import { json, makeUser } from '../../../test/api-double';
import {
  heading1,
  makePack,
  makePlan,
  openSignedIn,
  PACK_ID,
} from '../../../test/payment-fixtures';
import { GIFT_FORM_TEXTS } from './gift-form';

preloadRoutes('/regalar');

// Decision 0116: a paused reader gives nothing; the page says so instead of the form.
describe('/regalar while paused', () => {
  it('shows the refusal of an indefinite pause instead of the form', async () => {
    openSignedIn(`/regalar?pack=${PACK_ID}`, {
      api: {
        'GET /packs/disponibles': () => json({ success: true, data: [makePack()] }),
        'GET /subscriptions/plans': () => json({ success: true, data: [makePlan()] }),
      },
      user: makeUser({ paused: true, pausedAt: new Date().toISOString(), pausedUntil: null }),
    });
    await heading1(/^Regalar /);
    expect(await screen.findByText(PAUSE_TEXT.refused(null))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: GIFT_FORM_TEXTS.pay })).toBeNull();
  });
});
