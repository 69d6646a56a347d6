import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VIP_TIPS_PAGE_PATH } from '@magotips/contracts/vip-tips';
import { fakeApi } from '../../../test/fake-api';
import { preloadPages } from '../../../test/preload-pages';
import { renderRoutes, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import VipTipsPage from './vip-tips-page';

preloadPages(() => import('../../components/tips/tip-modal'));

const SUBSCRIBER: TSessionUser = {
  ...TEST_USER,
  subscription: { hasActiveSubscription: true, plan: 'premium' },
};
const HOUR = 3_600_000;

function tip(n: number, hoursFromNow: number) {
  return {
    _id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`,
    title: `VIP ${n}`,
    icon: 'football',
    matchDate: new Date(Date.now() + hoursFromNow * HOUR).toISOString(),
    status: hoursFromNow > 0 ? 'pendiente' : 'terminado',
    category: 'premium',
    analisis: `Análisis VIP ${n}.`,
    pick: 'Local gana',
    odds: 1.8,
    stake: 2,
    result: 'pendiente',
  };
}

function open() {
  storeSession(SUBSCRIBER);
  return renderRoutes([{ path: VIP_TIPS_PAGE_PATH, element: <VipTipsPage /> }], VIP_TIPS_PAGE_PATH);
}

describe('Todos los tips VIP (issue 31 item 5)', () => {
  it('groups upcoming then past, and "Cargar más" asks for the next page by its cursor', async () => {
    const api = fakeApi(
      {
        'GET /tips/vip': ({ query }) =>
          query.get('cursor') === 'C2'
            ? { body: { success: true, tips: [tip(3, -48)], nextCursor: null } }
            : { body: { success: true, tips: [tip(1, 2), tip(2, -1)], nextCursor: 'C2' } },
      },
      { user: SUBSCRIBER },
    );
    const user = userEvent.setup();
    open();

    const upcoming = await screen.findByRole('region', { name: 'Próximos partidos' });
    expect(within(upcoming).getByRole('heading', { name: 'VIP 1' })).toBeVisible();
    const past = screen.getByRole('region', { name: 'Partidos pasados' });
    expect(within(past).getByRole('heading', { name: 'VIP 2' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await within(past).findByRole('heading', { name: 'VIP 3' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(api.calls()).toEqual(['GET /tips/vip', 'GET /tips/vip?cursor=C2']);

    // An older tip opens with its analysis, as the tab's cards do.
    const cards = within(past).getAllByRole('button', { name: 'Leer análisis completo' });
    await user.click(cards[1]!);
    expect(await screen.findByRole('dialog', { name: 'VIP 3' })).toHaveTextContent(
      'Análisis VIP 3.',
    );
  });

  it('keeps the shown tips when "Cargar más" fails, and retries', async () => {
    let fail = true;
    fakeApi(
      {
        'GET /tips/vip': ({ query }) => {
          if (!query.get('cursor'))
            return { body: { success: true, tips: [tip(1, 2)], nextCursor: 'C2' } };
          if (fail)
            return {
              status: 500,
              body: { success: false, message: 'Se cayó', code: 'INTERNAL_ERROR' },
            };
          return { body: { success: true, tips: [tip(2, -1)], nextCursor: null } };
        },
      },
      { user: SUBSCRIBER },
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Se cayó');
    expect(screen.getByRole('heading', { name: 'VIP 1' })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'VIP 2' })).toBeVisible();
  });

  it('says when there is no VIP tip yet', async () => {
    fakeApi(
      { 'GET /tips/vip': { body: { success: true, tips: [], nextCursor: null } } },
      { user: SUBSCRIBER },
    );
    open();
    expect(await screen.findByText('Todavía no hay tips VIP publicados.')).toBeVisible();
  });

  it('a reader whose plan does not open every VIP tip gets the reason and the plans', async () => {
    fakeApi(
      {
        'GET /tips/vip': {
          status: 403,
          body: { success: false, message: 'Solo con todos los tips VIP.', code: 'FORBIDDEN' },
        },
      },
      { user: SUBSCRIBER },
    );
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Solo con todos los tips VIP.');
    expect(screen.getByRole('link', { name: 'Ver planes' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('shows a failure with Reintentar', async () => {
    fakeApi(
      {
        'GET /tips/vip': {
          status: 500,
          body: { success: false, message: 'Se cayó', code: 'INTERNAL_ERROR' },
        },
      },
      { user: SUBSCRIBER },
    );
    open();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar los tips VIP.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
