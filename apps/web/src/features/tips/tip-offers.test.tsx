import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes, storeSession, TEST_USER } from '../../../test/utils';
import TipPage from './tip-page';

/** "Desbloquear" on a VIP tip (issue 31 item 5, decision 0109). */
const ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const CHEAP = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const DEAR = '4f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const CARD = {
  _id: ID,
  title: 'Alcaraz vs. Sinner',
  icon: 'tennis',
  matchDate: '2025-08-10T12:00:00.000Z',
  status: 'pendiente',
  category: 'premium',
};
const LOCKED = {
  status: 403,
  body: {
    success: false,
    code: 'PREMIUM_REQUIRED',
    message: 'Este análisis es VIP.',
    tip: CARD,
    packs: [{ _id: DEAR, nombre: 'Pack Grande', precio: 29.99 }],
  },
};
const OFFERS = {
  success: true,
  packs: [
    { _id: CHEAP, nombre: 'Pack Tenis', price: 9.99, tipCount: 2 },
    { _id: DEAR, nombre: 'Pack Grande', price: 29.99, tipCount: 8 },
  ],
  plans: [
    {
      _id: '5f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      key: 'basic',
      name: 'Plan Básico',
      price: 9.99,
      duration: 1,
      yearlyPrice: null,
      trialDays: 0,
      grantsAllVipTips: false,
    },
    {
      _id: '6f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      key: 'premium',
      name: 'Plan Premium',
      price: 19.99,
      duration: 1,
      yearlyPrice: 179.99,
      trialDays: 7,
      grantsAllVipTips: true,
    },
  ],
};
const FULL_PACK = {
  _id: CHEAP,
  nombre: 'Pack Tenis',
  descripcion: 'Tenis.',
  precio: 9.99,
  isPurchased: false,
  packStatus: 'available',
  transactionInfo: null,
  partidos: [],
};

function Probe() {
  const location = useLocation();
  return (
    <pre data-testid="probe">
      {JSON.stringify({ at: location.pathname + location.search, state: location.state })}
    </pre>
  );
}

const renderTip = () =>
  renderRoutes(
    [
      { path: '/tip/:id', element: <TipPage /> },
      { path: '/purchase', element: <Probe /> },
      { path: '/subscription', element: <Probe /> },
      { path: '/login', element: <Probe /> },
    ],
    `/tip/${ID}`,
  );

describe('Desbloquear a VIP tip', () => {
  it('offers its packs, then the plans, cheapest first, with prices', async () => {
    storeSession();
    fakeApi(
      { [`GET /tips/${ID}`]: LOCKED, [`GET /tips/${ID}/offers`]: { body: OFFERS } },
      { user: TEST_USER },
    );
    renderTip();

    const offers = await screen.findByRole('region', { name: 'Desbloquear este análisis' });
    const packs = await within(offers).findByRole('region', {
      name: 'Packs que incluyen este análisis',
    });
    const packRows = within(packs).getAllByRole('listitem');
    expect(packRows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Pack Tenis$9.99 USD · 2 tips'),
      expect.stringContaining('Pack Grande$29.99 USD · 8 tips'),
    ]);
    const plans = within(offers).getByRole('region', { name: 'Planes que lo incluyen' });
    const planRows = within(plans).getAllByRole('listitem');
    expect(planRows[0]).toHaveTextContent(
      'Plan Básico$9.99 USD / mes · Incluye los tips VIP de los packs',
    );
    expect(planRows[1]).toHaveTextContent(
      'Plan Premium$19.99 USD / mes · Incluye todos los tips VIP · 7 días de prueba gratis',
    );
    expect(within(plans).getByRole('link', { name: 'Elegir el Plan Premium' })).toHaveAttribute(
      'href',
      '/subscription?plan=premium',
    );
    expect(within(offers).getByRole('link', { name: 'Suscribirse' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('the cheapest pack leads to /purchase with the whole pack', async () => {
    storeSession();
    fakeApi(
      {
        [`GET /tips/${ID}`]: LOCKED,
        [`GET /tips/${ID}/offers`]: { body: OFFERS },
        'GET /packs/disponibles': { body: { success: true, data: [FULL_PACK] } },
      },
      { user: TEST_USER },
    );
    const user = userEvent.setup();
    renderTip();

    await user.click(await screen.findByRole('button', { name: 'Comprar Pack Tenis' }));
    expect(JSON.parse((await screen.findByTestId('probe')).textContent ?? '')).toEqual({
      at: '/purchase',
      state: { item: FULL_PACK, type: 'pack' },
    });
  });

  it('without the offers, the lock’s own packs and Suscribirse stand in', async () => {
    storeSession();
    fakeApi(
      {
        [`GET /tips/${ID}`]: LOCKED,
        [`GET /tips/${ID}/offers`]: {
          status: 500,
          body: { success: false, message: 'Fallo', code: 'INTERNAL_ERROR' },
        },
      },
      { user: TEST_USER },
    );
    renderTip();
    expect(await screen.findByRole('button', { name: 'Comprar Pack Grande' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Suscribirse' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('a shared link signed out: Inicia sesión back to the tip, or Hazte VIP', async () => {
    const api = fakeApi({ [`GET /tips/${ID}`]: LOCKED });
    renderTip();

    expect(await screen.findByRole('link', { name: 'Inicia sesión' })).toHaveAttribute(
      'href',
      `/login?next=/tip/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Hazte VIP' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.queryByRole('button', { name: /Comprar/ })).not.toBeInTheDocument();
    // No offers asked for a visitor: the two ways are all the page shows.
    expect(api.calls()).toEqual([`GET /tips/${ID}`]);
  });
});
