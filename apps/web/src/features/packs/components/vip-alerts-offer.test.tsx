import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OFFER_TEXT } from '../../../components/alerts/alerts-offer-text';
import { fakeApi } from '../../../../test/fake-api';
import { renderWithApp, storeSession, TEST_USER } from '../../../../test/utils';
import type { TSessionUser } from '../../../lib/session/session-user';
import { PacksSection } from './packs-section';

// Issue 31 item 4 (decision 0107): a subscriber's first visit to Tips VIP offers alerts.

const SUBSCRIBER: TSessionUser = {
  ...TEST_USER,
  subscription: { hasActiveSubscription: true, plan: 'premium' },
};
const SEEN_KEY = `alertsOfferSeen:${TEST_USER._id}`;

function open(user: TSessionUser) {
  storeSession(user);
  fakeApi(
    {
      'GET /packs/tips-vips': { body: { success: true, tips: [] } },
      'GET /alerts/preferences': {
        body: {
          success: true,
          preferences: { email: { free: false, vip: false }, push: { free: false, vip: false } },
          vipEligible: true,
        },
      },
      'GET /telegram/link': {
        body: { success: true, available: true, linked: false, username: null },
      },
    },
    { user },
  );
  const view = renderWithApp(<PacksSection />);
  return { ...view, ui: userEvent.setup() };
}

const vipPanel = () => screen.getByRole('tabpanel', { name: 'Tips VIP' });
const offerIn = (panel: HTMLElement) =>
  within(panel).queryByRole('region', { name: OFFER_TEXT.title });

describe('Tips VIP: the alerts offer of a first visit', () => {
  it('is offered to a subscriber on the first visit only, and stays while tabs change', async () => {
    const { ui, unmount } = open(SUBSCRIBER);
    expect(screen.queryByRole('region', { name: OFFER_TEXT.title })).toBeNull();
    await ui.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    const offer = offerIn(vipPanel());
    expect(offer).toBeVisible();
    expect(within(offer!).getByRole('heading', { level: 3 })).toHaveTextContent(OFFER_TEXT.title);
    expect(window.localStorage.getItem(SEEN_KEY)).toBe('true');

    await ui.click(screen.getByRole('tab', { name: 'Tips Gratis' }));
    await ui.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(offerIn(vipPanel())).toBeVisible();

    // The next visit: remembered on this device for this account.
    unmount();
    const again = open(SUBSCRIBER);
    await again.ui.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(await screen.findByText('No hay tips disponibles')).toBeVisible();
    expect(offerIn(vipPanel())).toBeNull();
  });

  it('goes away with Ahora no', async () => {
    const { ui } = open(SUBSCRIBER);
    await ui.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    await ui.click(within(vipPanel()).getByRole('button', { name: OFFER_TEXT.dismiss }));
    expect(offerIn(vipPanel())).toBeNull();
    // The keyboard carries on from the panel, not from the top of the page.
    expect(vipPanel()).toHaveFocus();
  });

  it('is not offered in Tips VIP to someone without a subscription', async () => {
    const { ui } = open(TEST_USER);
    await ui.click(screen.getByRole('tab', { name: 'Tips VIP' }));
    expect(await screen.findByText('No hay tips VIP disponibles')).toBeVisible();
    expect(offerIn(vipPanel())).toBeNull();
  });
});
