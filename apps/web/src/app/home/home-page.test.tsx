import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  dismissNotices,
  renderRoutes,
  renderWithApp,
  storeSession,
  TEST_USER,
} from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import { fakeApi } from '../../../test/fake-api';
import { routes } from '../routes';
import { HomePage } from './home-page';
import { preloadPages } from '../../../test/preload-pages';

// The signed-in landing is its own chunk (home-page.tsx): loaded once before the tests, as CI
// timed out five of them waiting 5 s each on its first import.
preloadPages(() => import('./registered-landing'));

const PREVIEW = {
  success: true,
  tips: [
    {
      _id: '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      title: 'Real Madrid vs Barcelona',
      icon: 'football',
      matchDate: '2025-08-16T19:00:00.000Z',
      status: 'pendiente',
      category: 'free',
    },
  ],
};

const HANDLERS = {
  'GET /tips/preview': { body: PREVIEW },
  'GET /packs/disponibles': { body: { success: true, data: [] } },
};

function renderHome(user?: TSessionUser) {
  if (user) storeSession(user);
  const api = fakeApi(HANDLERS, user ? { user } : undefined);
  renderWithApp(<HomePage />, { at: '/' });
  return api;
}

describe('HomePage', () => {
  it('gives a visitor the visitor landing, with its hero', async () => {
    renderHome();
    expect(
      screen.getByRole('heading', { level: 1, name: 'El mago de los pronósticos deportivos' }),
    ).toBeVisible();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Real Madrid vs Barcelona' });
  });

  it('gives a signed-in user the registered landing: social links, free card, packs, testimonials, videos, FAQ', async () => {
    const api = renderHome(TEST_USER);

    expect(await screen.findByRole('heading', { level: 1, name: 'Hola, Ana' })).toBeVisible();
    expect(screen.queryByText('Crear cuenta gratis')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Síguenos en redes' })).toBeVisible();
    const free = screen.getByRole('region', { name: 'Análisis gratuito del día' });
    const read = await within(free).findByRole('link', { name: /Leer análisis completo/ });
    expect(read).toHaveAttribute('href', '/tip/5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d');
    expect(read).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('tablist', { name: 'Packs y tips' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Lo que dice nuestra comunidad' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Vídeos' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Preguntas frecuentes' })).toBeVisible();
    expect(await screen.findByText('No hay packs disponibles en este momento.')).toBeVisible();
    expect(api.calls()).toEqual(
      expect.arrayContaining(['GET /tips/preview', 'GET /packs/disponibles']),
    );
  });

  it('shows a subscriber no free card and no Suscribirse button', async () => {
    const api = renderHome({
      ...TEST_USER,
      subscription: { hasActiveSubscription: true, plan: 'premium' },
    });
    expect(await screen.findByRole('tablist', { name: 'Packs y tips' })).toBeVisible();
    expect(
      screen.queryByRole('region', { name: 'Análisis gratuito del día' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Suscribirse' })).not.toBeInTheDocument();
    expect(api.calls()).not.toContain('GET /tips/preview');
  });
});

const CRITICAL = {
  success: true,
  messages: [
    {
      id: '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      text: 'Mantenimiento esta noche',
      type: 'critical',
      active: true,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

/** True when `a` comes before `b` in the document. */
const before = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

/** The page inside the app's layout, which holds the banner since decision 0087. */
function renderInLayout() {
  dismissNotices();
  renderRoutes(routes, '/');
}

// Issue 13 item 8 (decision 0033): phone first, the banner on the first screen.
describe('HomePage, signed in: order', () => {
  it('puts the global banner first, then the greeting, packs and tips, then the rest', async () => {
    storeSession(TEST_USER);
    fakeApi({ ...HANDLERS, 'GET /messages': { body: CRITICAL } }, { user: TEST_USER });
    renderInLayout();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Mantenimiento esta noche');
    const order = [
      banner,
      screen.getByRole('heading', { level: 1, name: 'Hola, Ana' }),
      screen.getByRole('region', { name: 'Packs y tips' }),
      screen.getByRole('region', { name: 'Análisis gratuito del día' }),
      screen.getByRole('region', { name: 'Síguenos en redes' }),
      screen.getByRole('region', { name: 'Lo que dice nuestra comunidad' }),
      screen.getByRole('region', { name: 'Vídeos' }),
      screen.getByRole('region', { name: 'Preguntas frecuentes' }),
    ];
    for (let i = 1; i < order.length; i++)
      expect(before(order[i - 1]!, order[i]!), `#${i}`).toBe(true);
    await screen.findByText('No hay packs disponibles en este momento.');
  });

  it("leaves the 'vídeos muy pronto' placeholder out of a subscriber's feed", async () => {
    const subscriber = {
      ...TEST_USER,
      subscription: { hasActiveSubscription: true, plan: 'premium' },
    };
    storeSession(subscriber);
    fakeApi(HANDLERS, { user: subscriber });
    renderInLayout();

    expect(await screen.findByRole('tablist', { name: 'Packs y tips' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Vídeos' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Muy pronto/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Preguntas frecuentes' })).toBeVisible();
  });

  it('draws the page once the banner has answered, so the banner never pushes it down', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    storeSession(TEST_USER);
    fakeApi(
      {
        ...HANDLERS,
        'GET /messages': () => new Promise<{ body: unknown }>((resolve) => (answer = resolve)),
      },
      { user: TEST_USER },
    );
    renderInLayout();

    expect(await screen.findByRole('status')).toHaveTextContent('Cargando...');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    answer({ body: CRITICAL });
    expect(await screen.findByRole('alert')).toHaveTextContent('Mantenimiento esta noche');
    expect(screen.getByRole('tablist', { name: 'Packs y tips' })).toBeVisible();
  });
});
