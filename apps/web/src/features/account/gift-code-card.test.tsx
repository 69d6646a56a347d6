import { GIFT_MSG } from '@magotips/contracts/gift-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dismissNotices, storeSession } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { apiError, authAnswer, json, makeUser, stubApi } from '../../../test/api-double';
import { GIFT_CARD_TEXT } from './components/gift-code-card';
import { openAccount } from './testing/open-account';

preloadRoutes('/panel/cuenta');

const CODE = 'MAGO-7K2P-AB3C-XY9Z-QRST';
const giftCard = () => screen.getByRole('region', { name: GIFT_CARD_TEXT.title });
const redeemed = (message: string) =>
  json({
    success: true,
    message,
    gift: {
      type: 'plan',
      itemName: 'Plan Premium',
      months: 3,
      endDate: '2026-09-01T12:00:00.000Z',
      packId: null,
    },
    user: makeUser({
      subscription: {
        hasActiveSubscription: true,
        plan: 'premium',
        endDate: '2026-09-01T12:00:00.000Z',
        isRecurring: false,
        planKey: 'premium',
        planName: 'Plan Premium',
        durationMonths: 3,
        daysRemaining: 92,
      },
    }),
  });

describe('Account page: Canjear código de regalo', () => {
  it('redeems the typed code and shows the answer and the new subscription at once', async () => {
    const message = GIFT_MSG.redeemedPlan('Plan Premium', 3, '1 de septiembre de 2026');
    const { api, ui } = await openAccount({
      'GET /packs/mis-packs': () => json({ success: true, data: [] }),
      'POST /gift-codes/redeem': () => redeemed(message),
    });
    const card = giftCard();
    const field = within(card).getByLabelText(GIFT_CARD_TEXT.label);
    expect(field).toHaveAccessibleDescription(GIFT_CARD_TEXT.hint);
    await ui.type(field, 'mago 7k2p ab3c xy9z qrst');
    await ui.click(within(card).getByRole('button', { name: GIFT_CARD_TEXT.submit }));
    expect(await within(card).findByText(message)).toBeVisible();
    expect(api.callsTo('POST /gift-codes/redeem')[0]?.body).toEqual({
      code: 'mago 7k2p ab3c xy9z qrst',
    });
    expect(field).toHaveValue('');
    // The subscription card reads the session's user, which the answer replaced.
    expect(await screen.findAllByText(/Plan Premium/)).not.toHaveLength(0);
  });

  it('asks for a code before calling the server', async () => {
    const { api, ui } = await openAccount({
      'GET /packs/mis-packs': () => json({ success: true, data: [] }),
    });
    await ui.click(within(giftCard()).getByRole('button', { name: GIFT_CARD_TEXT.submit }));
    expect(await within(giftCard()).findByText(GIFT_MSG.codeRequired)).toBeVisible();
    expect(api.callsTo('POST /gift-codes/redeem')).toHaveLength(0);
  });

  it.each([
    [404, GIFT_MSG.invalid, 'GIFT_CODE_INVALID'],
    [409, GIFT_MSG.used, 'GIFT_CODE_USED'],
    [410, GIFT_MSG.expired, 'GIFT_CODE_EXPIRED'],
  ])('shows the server’s Spanish answer to a %i', async (status, message, code) => {
    const { ui } = await openAccount({
      'GET /packs/mis-packs': () => json({ success: true, data: [] }),
      'POST /gift-codes/redeem': () => apiError(status, message, code),
    });
    await ui.type(within(giftCard()).getByLabelText(GIFT_CARD_TEXT.label), CODE);
    await ui.click(within(giftCard()).getByRole('button', { name: GIFT_CARD_TEXT.submit }));
    expect(await within(giftCard()).findByRole('alert')).toHaveTextContent(message);
  });

  it('fills the code in from /panel/cuenta?regalo=… and takes it out of the address', async () => {
    dismissNotices();
    const user = makeUser();
    storeSession(user, 'session-token');
    stubApi({
      'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
      'GET /auth/sessions': () => json({ success: true, sessions: [] }),
      'GET /packs/mis-packs': () => json({ success: true, data: [] }),
    });
    const { router } = renderApp(`/panel/cuenta?regalo=${encodeURIComponent(CODE)}`);
    await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
    const field = within(giftCard()).getByLabelText(GIFT_CARD_TEXT.label);
    await waitFor(() => expect(field).toHaveValue(CODE));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/panel/cuenta');
    await waitFor(() => expect(field).toHaveFocus());
  });
});
