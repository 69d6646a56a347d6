import type { TReferralsMeResponse } from '@magotips/contracts/referrals';
import type { TUser } from '@magotips/contracts/users';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissNotices, storeSession } from '../../../../test/utils';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { authAnswer, json, makeUser, stubApi, type ApiHandler } from '../../../../test/api-double';

preloadRoutes('/panel/cuenta');

/** GET /api/referrals/me for a reader who has shared nothing yet (`patch` to change it). */
export function referralsMe(patch: Partial<TReferralsMeResponse> = {}): TReferralsMeResponse {
  return {
    success: true,
    code: 'abcd2345',
    url: 'https://magotips.test/?ref=abcd2345',
    signedUp: 0,
    paid: 0,
    rewards: [],
    monthsLastYear: 0,
    maxMonthsPerYear: 12,
    welcomeDiscount: null,
    ...patch,
  };
}

/** /panel/cuenta for a signed-in reader (`patch` to the default user), the API answering
 * `handlers` (and the session calls). */
export async function openAccount(handlers: Record<string, ApiHandler>, patch?: Partial<TUser>) {
  dismissNotices();
  const user = makeUser(patch);
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    'GET /auth/sessions': () => json({ success: true, sessions: [] }),
    'GET /account/payments': () => json({ success: true, payments: [] }),
    'GET /account/tax-id': () => json({ success: true, taxId: null }),
    'GET /account/spend-limit': () =>
      json({
        success: true,
        spendLimit: {
          monthlyLimit: null,
          pendingLimit: null,
          pendingFrom: null,
          spentThisMonth: 0,
          left: null,
        },
      }),
    'GET /referrals/me': () => json(referralsMe()),
    ...handlers,
  });
  const view = renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return { ...view, api, ui: userEvent.setup() };
}

/** The account page's "Avisos de nuevos tips" card. */
export const alertsCard = () => screen.getByRole('region', { name: 'Avisos de nuevos tips' });
