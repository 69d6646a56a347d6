import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, storeSession, TEST_USER } from '../../../test/utils';
import { fakeApi } from '../../../test/fake-api';
import TipPage from './tip-page';

// The proof issue (27), items 3, 6 and 7 on the tip's own page: when it was published, the
// lock, the way to the public record, one state, and the history with reasons and reservations.

const ID = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const RESERVED = 'Contenido anterior reservado a suscriptores';
const OLD_VIP_PICK = 'Over 2,5 goles';

const SETTLED = {
  _id: ID,
  title: 'Real Madrid vs. Barcelona',
  icon: 'football',
  matchDate: '2026-11-20T20:00:00.000Z',
  // 17 h before kick-off.
  publishedAt: '2026-11-20T03:00:00.000Z',
  status: 'terminado',
  category: 'free',
  analisis: 'El Madrid llega mejor.',
  pick: 'Gana Real Madrid',
  odds: 2.1,
  stake: 2,
  result: 'perdido',
  profitUnits: -2,
};

function renderTip() {
  return renderRoutes([{ path: '/tip/:id', element: <TipPage /> }], `/tip/${ID}`);
}

function serve(body: unknown, status = 200) {
  storeSession();
  fakeApi({ [`GET /tips/${ID}`]: { status, body } }, { user: TEST_USER });
}

describe('TipPage: what lets a reader check the tip', () => {
  it('shows the publication time and lead, the lock, one state and the record link', async () => {
    serve({ success: true, tip: SETTLED, revisions: [] });
    renderTip();

    expect(
      await screen.findByText(
        /^Publicado el 20 nov 2026, .*\(hora [^)]+\) · 17 h antes del inicio$/,
      ),
    ).toBeVisible();
    expect(screen.getByText('Apuesta bloqueada desde el inicio del partido')).toBeVisible();
    const state = screen.getByText('Perdido −2 u');
    expect(state).toHaveClass('tip-state--perdido');
    // The bet's own profit with the same typographic minus.
    expect(screen.getByText('Pronóstico').closest('dl')).toHaveTextContent('Perdido −2 u');
    expect(screen.queryByText(/En progreso|Terminado|Pendiente de resultado/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ver en el registro público' })).toHaveAttribute(
      'href',
      `/historial/registro?tip=${ID}`,
    );
  });

  it('says days from 48 h before kick-off, and Pendiente de resultado once over unsettled', async () => {
    serve({
      success: true,
      tip: {
        ...SETTLED,
        publishedAt: '2026-11-17T19:00:00.000Z',
        result: 'pendiente',
        profitUnits: undefined,
      },
      revisions: [],
    });
    renderTip();

    expect(await screen.findByText(/ · 3 días antes del inicio$/)).toBeVisible();
    expect(screen.getByText('Pendiente de resultado')).toBeVisible();
  });

  it('shows an analysis without a bet as such, Finalizado once its match is over', async () => {
    const { pick, odds, stake, result, profitUnits, ...analysisOnly } = SETTLED;
    void [pick, odds, stake, result, profitUnits];
    serve({ success: true, tip: { ...analysisOnly, noBet: true }, revisions: [] });
    renderTip();

    expect(await screen.findByText('Análisis sin apuesta')).toBeVisible();
    expect(screen.getByText('Finalizado')).toHaveClass('tip-state--finalizado');
    expect(screen.getByText('Bloqueado desde el inicio del partido')).toBeVisible();
    expect(screen.queryByText('Pronóstico')).not.toBeInTheDocument();
  });

  it('quotes a correction’s reason beside the corrected result', async () => {
    serve({
      success: true,
      tip: SETTLED,
      revisions: [
        {
          at: '2026-11-20T22:00:00.000Z',
          by: 'Ana P.',
          kind: 'result',
          changes: [{ field: 'result', before: 'pendiente', after: 'ganado' }],
        },
        {
          at: '2026-11-21T09:00:00.000Z',
          by: 'Ana P.',
          kind: 'correction',
          reason: 'El gol del minuto 90 fue anulado por el VAR.',
          changes: [
            { field: 'result', before: 'ganado', after: 'perdido' },
            { field: 'closingOdds', before: null, after: '2.05' },
          ],
        },
      ],
    });
    renderTip();

    const history = await screen.findByRole('region', { name: 'Historial de cambios' });
    const kind = { selector: '.tip-revisions__kind' };
    const correction = within(history).getByText('Corrección', kind).closest('li') as HTMLElement;
    expect(correction).toHaveTextContent('Resultado: Ganado → pasa a Perdido');
    expect(correction).toHaveTextContent('Cuota de cierre: — → pasa a 2,05');
    const quote = within(correction).getByText('El gol del minuto 90 fue anulado por el VAR.');
    expect(quote.closest('blockquote')).not.toBeNull();
    expect(within(correction).getByText('Motivo de la corrección')).toBeVisible();
    expect(within(history).getByText('Resultado', kind).closest('li')).not.toHaveTextContent(
      'Motivo',
    );
  });

  it('a tip moved from VIP to free: the free reader gets the notice, never the old VIP pick', async () => {
    serve({
      success: true,
      tip: { ...SETTLED, result: 'pendiente', profitUnits: undefined, status: 'pendiente' },
      revisions: [
        {
          at: '2026-11-19T10:00:00.000Z',
          by: 'Ana P.',
          kind: 'edit',
          reserved: true,
          // Whatever a revision marked reserved carries, its values are never shown.
          changes: [
            { field: 'pick', before: OLD_VIP_PICK, after: 'Gana Real Madrid' },
            { field: 'category', before: 'premium', after: 'free' },
          ],
        },
      ],
    });
    renderTip();

    const history = await screen.findByRole('region', { name: 'Historial de cambios' });
    expect(history).toHaveTextContent(RESERVED);
    expect(history).toHaveTextContent('Cambió: Pronóstico, Categoría.');
    expect(screen.queryByText(new RegExp(OLD_VIP_PICK))).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(OLD_VIP_PICK);
  });

  it('a locked VIP tip shows its public history too: results in the clear, VIP edits reserved', async () => {
    serve(
      {
        success: false,
        code: 'PREMIUM_REQUIRED',
        message: 'Este análisis es VIP.',
        tip: { ...SETTLED, category: 'premium', analisis: undefined },
        packs: [],
        revisions: [
          {
            at: '2026-11-20T10:00:00.000Z',
            by: 'Ana P.',
            kind: 'edit',
            reserved: true,
            changes: [{ field: 'odds', before: RESERVED, after: RESERVED }],
          },
          {
            at: '2026-11-20T22:00:00.000Z',
            by: 'Ana P.',
            kind: 'result',
            changes: [{ field: 'result', before: 'pendiente', after: 'perdido' }],
          },
        ],
      },
      403,
    );
    renderTip();

    expect(await screen.findByText('Este análisis es VIP.')).toBeVisible();
    const history = screen.getByRole('region', { name: 'Historial de cambios' });
    const [edit, result] = Array.from(history.querySelectorAll(':scope > ol > li'));
    expect(edit).toHaveTextContent(`Cambió: Cuota. 🔒 ${RESERVED}`);
    expect(edit?.querySelector('del, ins')).toBeNull();
    expect(result).toHaveTextContent('Resultado: Pendiente → pasa a Perdido');
    expect(screen.getByText('Perdido −2 u')).toBeVisible();
  });

  it('a visitor who follows the record to a free tip sees its card, lead and history, and is asked to sign in', async () => {
    fakeApi({
      [`GET /tips/${ID}`]: {
        status: 401,
        body: {
          success: false,
          code: 'SIGN_IN_REQUIRED',
          message: 'Inicia sesión para leer este análisis.',
          tip: { ...SETTLED, analisis: undefined },
          revisions: [
            {
              at: '2026-11-20T22:00:00.000Z',
              by: 'Ana P.',
              kind: 'result',
              changes: [{ field: 'result', before: 'pendiente', after: 'perdido' }],
            },
          ],
        },
      },
    });
    renderTip();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Real Madrid vs. Barcelona' }),
    ).toBeVisible();
    expect(
      screen.getByText(/^Publicado el 20 nov 2026, .*\(hora [^)]+\) · 17 h antes del inicio$/),
    ).toBeVisible();
    const history = screen.getByRole('region', { name: 'Historial de cambios' });
    expect(history).toHaveTextContent('Resultado: Pendiente → pasa a Perdido');
    expect(screen.getByRole('link', { name: 'Ver en el registro público' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/login?next=/tip/${ID}`,
    );
    expect(screen.getByRole('link', { name: 'Crear cuenta' })).toBeVisible();
    expect(document.body).not.toHaveTextContent('El Madrid llega mejor.');
  });
});
