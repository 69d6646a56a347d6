import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes, storeSession, TEST_USER } from '../../../test/utils';
import { fakeApi } from '../../../test/fake-api';
import TipPage from './tip-page';

const ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const PACK_ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

const CARD = {
  _id: ID,
  title: 'Alcaraz vs. Sinner',
  icon: 'tennis',
  matchDate: '2025-08-10T12:00:00.000Z',
  status: 'pendiente',
  category: 'premium',
};

const FULL_PACK = {
  _id: PACK_ID,
  nombre: 'Pack Fin de Semana Europeo',
  descripcion: 'Los partidos clave.',
  precio: 19.99,
  isPurchased: false,
  packStatus: 'available',
  transactionInfo: null,
  partidos: [{ nombre: CARD.title, fecha: CARD.matchDate, icon: 'tennis', status: 'pendiente' }],
};

function PurchaseProbe() {
  const location = useLocation();
  return <pre data-testid="purchase-state">{JSON.stringify(location.state)}</pre>;
}

function renderTip(id = ID) {
  return renderRoutes(
    [
      { path: '/tip/:id', element: <TipPage /> },
      { path: '/purchase', element: <PurchaseProbe /> },
    ],
    `/tip/${id}`,
  );
}

describe('TipPage', () => {
  it('shows sport, title, date, status and the analysis', async () => {
    storeSession();
    fakeApi(
      {
        [`GET /tips/${ID}`]: {
          body: { success: true, tip: { ...CARD, analisis: 'Cuatro o cinco sets.' } },
        },
      },
      { user: TEST_USER },
    );
    renderTip();

    expect(await screen.findByRole('heading', { level: 1, name: CARD.title })).toBeVisible();
    expect(screen.getByText('Tenis')).toBeVisible();
    expect(screen.getByText('Programado')).toHaveClass('tip-state--programado');
    expect(screen.getByText(/10 de agosto, /).closest('p')).toHaveTextContent(
      /^Inicio del partido: domingo, 10 de agosto, \d\d:\d\d \(hora [^)]+\)/,
    );
    expect(screen.getByText('La apuesta se bloquea al inicio del partido.')).toBeVisible();
    expect(screen.getByText('Cuatro o cinco sets.')).toBeVisible();
    expect(screen.queryByText(/En progreso/)).not.toBeInTheDocument();
  });

  it('shows the bet, its result and profit, and every change since publication', async () => {
    storeSession();
    fakeApi(
      {
        [`GET /tips/${ID}`]: {
          body: {
            success: true,
            tip: {
              ...CARD,
              status: 'terminado',
              analisis: 'Cuatro o cinco sets.',
              pick: 'Más de 3,5 sets',
              odds: 1.7,
              stake: 2,
              bookmaker: 'Bet365',
              result: 'ganado',
              profitUnits: 1.4,
              editedAt: '2025-08-10T10:00:00.000Z',
            },
            revisions: [
              {
                at: '2025-08-10T10:00:00.000Z',
                by: 'Ana P.',
                kind: 'edit',
                changes: [
                  { field: 'odds', before: 1.85, after: 1.7 },
                  {
                    field: 'analisis',
                    before: 'Texto largo. '.repeat(30),
                    after: 'Cuatro o cinco sets.',
                  },
                ],
              },
              {
                at: '2025-08-10T16:00:00.000Z',
                by: 'Editor',
                kind: 'result',
                changes: [{ field: 'result', before: 'pendiente', after: 'ganado' }],
              },
            ],
          },
        },
      },
      { user: TEST_USER },
    );
    renderTip();

    const pick = await screen.findByText('Más de 3,5 sets');
    const bet = pick.closest('dl');
    expect(bet).toHaveTextContent(
      'PronósticoMás de 3,5 setsCuota1,70Stake2 uCasa de apuestasBet365',
    );
    expect(within(bet as HTMLElement).getByText('Ganado')).toHaveClass('result-badge--won');
    expect(bet).toHaveTextContent('+1,4 u');

    // One state, the result with its units: never a match status beside it.
    expect(screen.getByText('Ganado +1,4 u')).toHaveClass('tip-state--ganado');
    expect(screen.queryByText(/En progreso|Terminado/)).not.toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Historial de cambios' });
    const [edit, result] = Array.from(history.querySelectorAll(':scope > ol > li'));
    expect(edit).toHaveTextContent(/^Edición 10 ago 2025, .*\(hora [^)]+\) · por Ana P\./);
    expect(edit).toHaveTextContent('Cuota: 1,85 → pasa a 1,70');
    expect(edit).toHaveTextContent(/Análisis: (Texto largo\. )+Te…/);
    expect(result).toHaveTextContent(/^Resultado 10 ago 2025, .*\(hora [^)]+\) · por Editor/);
    expect(result).toHaveTextContent('Resultado: Pendiente → pasa a Ganado');
    expect(
      within(history).getByText('Edición').closest('p')?.querySelector('time'),
    ).toHaveAttribute('dateTime', '2025-08-10T10:00:00.000Z');
  });

  it('shows no history for a tip never changed after publication', async () => {
    storeSession();
    fakeApi(
      {
        [`GET /tips/${ID}`]: {
          body: { success: true, tip: { ...CARD, analisis: 'Sin cambios.' }, revisions: [] },
        },
      },
      { user: TEST_USER },
    );
    renderTip();

    expect(await screen.findByText('Sin cambios.')).toBeVisible();
    const history = screen.getByRole('region', { name: 'Historial de cambios' });
    expect(history).toHaveTextContent('Sin cambios desde su publicación.');
    expect(within(history).queryByRole('list')).not.toBeInTheDocument();
  });

  it('locks a premium tip: Suscribirse, and Comprar carries the full pack to /purchase', async () => {
    storeSession();
    const api = fakeApi(
      {
        [`GET /tips/${ID}`]: {
          status: 403,
          body: {
            success: false,
            code: 'PREMIUM_REQUIRED',
            message: 'Este análisis es VIP.',
            tip: CARD,
            packs: [{ _id: PACK_ID, nombre: FULL_PACK.nombre, precio: 19.99 }],
          },
        },
        'GET /packs/disponibles': { body: { success: true, data: [FULL_PACK] } },
      },
      { user: TEST_USER },
    );
    const user = userEvent.setup();
    renderTip();

    expect(await screen.findByText('Este análisis es VIP.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: CARD.title })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Suscribirse' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(screen.getByText('$19.99 USD')).toBeVisible();

    await user.click(screen.getByRole('button', { name: `Comprar ${FULL_PACK.nombre}` }));

    const state: unknown = JSON.parse(
      (await screen.findByTestId('purchase-state')).textContent ?? 'null',
    );
    expect(state).toEqual({ item: FULL_PACK, type: 'pack' });
    expect(api.calls()).toEqual([
      `GET /tips/${ID}`,
      `GET /tips/${ID}/offers`,
      'GET /packs/disponibles',
    ]);
  });

  it('asks a visitor to sign in on a 401, and both links come back to this tip (issue 13)', async () => {
    fakeApi({
      [`GET /tips/${ID}`]: {
        status: 401,
        body: { success: false, message: 'Sesión expirada.', code: 'UNAUTHORIZED' },
      },
    });
    renderTip();

    expect(
      await screen.findByRole('heading', { name: 'Inicia sesión para leer este análisis' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/login?next=/tip/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toHaveAttribute(
      'href',
      `/register?next=/tip/${ID}`,
    );
  });

  it('says Tip no encontrado on a 404 and for an id that cannot be a tip', async () => {
    fakeApi({});
    const { unmount } = renderTip();
    expect(await screen.findByRole('heading', { name: 'Tip no encontrado' })).toBeVisible();
    unmount();

    const api = fakeApi({});
    renderTip('no-es-un-id');
    expect(await screen.findByRole('heading', { name: 'Tip no encontrado' })).toBeVisible();
    expect(api.calls()).toEqual([]);
  });

  it('shows any other failure with Reintentar', async () => {
    fakeApi({
      [`GET /tips/${ID}`]: {
        status: 500,
        body: { success: false, message: 'Se cayó', code: 'INTERNAL_ERROR' },
      },
    });
    renderTip();
    expect(await screen.findByRole('alert')).toHaveTextContent('Se cayó');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
