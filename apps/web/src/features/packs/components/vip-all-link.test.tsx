import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../../test/fake-api';
import { renderWithApp, storeSession, TEST_USER } from '../../../../test/utils';
import type { TSessionUser } from '../../../lib/session/session-user';
import { VIP_TIPS_PAGE_PATH } from '@magotips/contracts/vip-tips';
import { PacksSection } from './packs-section';
import { VIP_ALL_PATH } from './vip-tips-panel';

/** Issue 31 item 5: the Tips VIP tab keeps its 5 cards, and leads on to every VIP tip or to the
 * ways to unlock one. */
const SUBSCRIBER: TSessionUser = {
  ...TEST_USER,
  subscription: { hasActiveSubscription: true, plan: 'premium' },
};
const TIPS = Array.from({ length: 7 }, (_, i) => ({
  _id: `00000000-0000-4000-8000-00000000000${i}`,
  title: `VIP ${i + 1}`,
  icon: 'football',
  matchDate: '2030-08-10T12:00:00.000Z',
  status: 'pendiente',
  category: 'premium',
  analisis: `Análisis ${i + 1}.`,
}));

async function openVipTab(user: TSessionUser, tips: unknown[]) {
  storeSession(user);
  fakeApi({ 'GET /packs/tips-vips': { body: { success: true, tips, message: '' } } }, { user });
  const events = userEvent.setup();
  renderWithApp(<PacksSection />);
  await events.click(screen.getByRole('tab', { name: 'Tips VIP' }));
}

describe('Tips VIP tab: every VIP tip within reach', () => {
  it('links to the page app/routes.tsx opens for every VIP tip', () => {
    expect(VIP_ALL_PATH).toBe(VIP_TIPS_PAGE_PATH);
  });

  it('a subscriber sees 5 cards and "Ver todos los tips VIP"', async () => {
    await openVipTab(SUBSCRIBER, TIPS);
    expect(await screen.findByRole('link', { name: 'Ver todos los tips VIP' })).toHaveAttribute(
      'href',
      '/panel/tips-vip',
    );
    expect(screen.getAllByRole('button', { name: 'Leer análisis completo' })).toHaveLength(5);
  });

  it('a free reader gets no such link, and "Desbloquear" leads to the tip’s offers', async () => {
    const locked = TIPS.slice(0, 2).map(({ analisis: _analisis, ...card }) => card);
    await openVipTab(TEST_USER, locked);
    const unlock = await screen.findAllByRole('link', { name: /Desbloquear/ });
    expect(unlock[1]).toHaveAttribute('href', `/tip/${TIPS[1]?._id}`);
    expect(screen.queryByRole('link', { name: 'Ver todos los tips VIP' })).not.toBeInTheDocument();
  });
});
