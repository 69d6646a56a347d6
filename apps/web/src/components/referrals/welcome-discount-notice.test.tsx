import { REFERRAL_TEXT, type TReferralsMeResponse } from '@magotips/contracts/referrals';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubApi, type ApiHandler } from '../../../test/api-double';
import { heading1, makePack, makePlan, openSignedIn } from '../../../test/payment-fixtures';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { dismissNotices } from '../../../test/utils';

preloadRoutes('/subscription', '/purchase');

const ME = 'GET /referrals/me';
const NOTICE = REFERRAL_TEXT.welcomeDiscount(10);

function me(welcomeDiscount: TReferralsMeResponse['welcomeDiscount']): TReferralsMeResponse {
  return {
    success: true,
    code: 'abcd2345',
    url: 'https://magotips.test/?ref=abcd2345',
    signedUp: 0,
    paid: 0,
    rewards: [],
    monthsLastYear: 0,
    maxMonthsPerYear: 12,
    welcomeDiscount,
  };
}
const referred = () => json(me({ percent: 10, code: null }));
const notReferred = () => json(me(null));

const plans = () => json({ success: true, data: [makePlan()] });
const packs = () => json({ success: true, data: [makePack()] });
const pageSection = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('section') as HTMLElement;

describe('the welcome discount notice', () => {
  it('shows on /subscription beside the way to the payment, for a referred reader only', async () => {
    const { unmount } = openSignedIn('/subscription', {
      api: { 'GET /subscriptions/plans': plans, [ME]: referred },
    });
    await heading1('Elige tu plan');
    const payment = pageSection('Pago');
    expect(await within(payment).findByText(NOTICE)).toBeVisible();
    expect(within(payment).getByRole('button', { name: 'Continuar' })).toBeVisible();
    unmount();

    const second = openSignedIn('/subscription', {
      api: { 'GET /subscriptions/plans': plans, [ME]: notReferred },
    });
    await screen.findByRole('radio', { name: /Plan Premium/ });
    await waitFor(() => expect(second.api.callsTo(ME)).toHaveLength(1));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('shows on /purchase for a pack, not for a trial that charges nothing today', async () => {
    const { unmount } = openSignedIn(
      { pathname: '/purchase', state: { item: makePack(), type: 'pack' } },
      { api: { [ME]: referred } },
    );
    await heading1('Comprar Pack');
    expect(await within(pageSection('Pago')).findByText(NOTICE)).toBeVisible();
    unmount();

    const trialPlan = makePlan({ trialDays: 7 });
    const trial = openSignedIn(
      {
        pathname: '/purchase',
        state: { item: trialPlan, type: 'subscription', recurring: true, paymentMethod: 'stripe' },
      },
      {
        api: {
          [ME]: referred,
          'GET /subscriptions/trial-eligibility': () => json({ success: true, eligible: true }),
        },
      },
    );
    await screen.findByRole('button', { name: 'Empezar la prueba gratuita' });
    await waitFor(() => expect(trial.api.callsTo(ME)).toHaveLength(1));
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('stands above the packs list, which waits for it rather than move down', async () => {
    let answer: (response: Response) => void = () => undefined;
    const api: Record<string, ApiHandler> = {
      'GET /packs/disponibles': packs,
      [ME]: () => new Promise<Response>((resolve) => (answer = resolve)),
    };
    openSignedIn('/', { api });
    const panel = await screen.findByRole('tabpanel', { name: 'Packs Disponibles' });
    // The packs are in, the referral answer is not: the placeholders stay.
    await waitFor(() => expect(panel.querySelector('.pack-card--placeholder')).not.toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(panel).queryByRole('article')).toBeNull();

    answer(referred());
    const notice = await within(panel).findByText(NOTICE);
    const list = panel.querySelector('.pack-list') as HTMLElement;
    // Before the list in the page's order.
    expect(notice.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(panel).getByRole('heading', { name: 'Pack Fin de Semana Europeo' }),
    ).toBeVisible();
  });

  it('is not asked for by a visitor', async () => {
    dismissNotices();
    const api = stubApi({ 'GET /packs/disponibles': packs });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(ME)).toHaveLength(0);
    expect(screen.queryByText(NOTICE)).toBeNull();
  });
});
