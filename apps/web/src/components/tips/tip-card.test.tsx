import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { makeUser } from '../../../test/api-double';
import { renderWithApp, storeSession } from '../../../test/utils';
import { TipCard } from './tip-card';
import { matchStateLabel } from './tip-card-head';
import { preloadPages } from '../../../test/preload-pages';

// The dialog is its own chunk (tip-card.tsx), loaded once before the tests.
preloadPages(() => import('./tip-modal'));

const ID = '0b6f2c1e-5d4a-4c3b-8a29-1f0e9d8c7b6a';

describe('TipCard', () => {
  it('falls back to the default title, a soccer ball and Desconocido', () => {
    renderWithApp(
      <TipCard tip={{ _id: ID, title: '', icon: 'curling', status: 'aplazado' }} action="login" />,
    );

    expect(screen.getByRole('heading', { level: 3, name: 'Análisis del día' })).toBeVisible();
    expect(screen.getByRole('img')).toHaveTextContent('⚽');
    expect(screen.getByText('Desconocido')).toBeVisible();
    expect(screen.getByText('Fecha por confirmar')).toBeVisible();
  });

  it('shows the sport emoji, title, status label and a Spanish date', () => {
    renderWithApp(
      <TipCard
        tip={{
          _id: ID,
          title: 'Yankees vs Red Sox',
          icon: 'baseball',
          status: 'en_progreso',
          // Midday UTC keeps the calendar day the same in any time zone the tests run in.
          matchDate: '2025-08-09T12:00:00.000Z',
        }}
        action="login"
      />,
    );

    expect(screen.getByRole('heading', { name: 'Yankees vs Red Sox' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Béisbol' })).toHaveTextContent('⚾');
    expect(screen.getByText('En juego')).toHaveClass('tip-state--en_juego');
    const date = screen.getByText(/agosto/);
    // A kick-off names the zone it is told in (a visitor's: the browser's, decision 0114).
    expect(date).toHaveTextContent(/^sábado, 9 de agosto, \d{2}:\d{2} \(hora [^)]+\)$/);
    expect(date).toHaveAttribute('dateTime', '2025-08-09T12:00:00.000Z');
  });

  it("tells a reader in Mexico the kick-off in Mexico City's time, and says so", () => {
    storeSession(makeUser({ country: 'MX', timeZone: 'America/Mexico_City' }));
    renderWithApp(
      <TipCard
        tip={{
          _id: ID,
          title: 'Final',
          status: 'pendiente',
          matchDate: '2026-11-28T03:00:00.000Z',
        }}
        action="login"
      />,
    );

    expect(
      screen.getByText('viernes, 27 de noviembre, 21:00 (hora de Ciudad de México)'),
    ).toHaveAttribute('dateTime', '2026-11-28T03:00:00.000Z');
  });

  it('sends a visitor to /login from the login action, with the tip page as next (issue 13)', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <TipCard tip={{ _id: ID, title: 'Final', status: 'pendiente' }} action="login" />,
      { at: '/' },
    );

    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));

    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(`/tip/${ID}`);
    expect(router.state.location.search).toBe(`?next=/tip/${ID}`);
  });

  it('opens the tip page in a new tab from the external action', () => {
    renderWithApp(<TipCard tip={{ _id: ID }} action="external" />);

    const link = screen.getByRole('link', { name: /Leer análisis completo/ });
    expect(link).toHaveAttribute('href', `/tip/${ID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('TipCard modal action', () => {
  const TIP = {
    _id: ID,
    title: 'Lakers vs. Celtics',
    icon: 'basketball',
    status: 'pendiente',
    matchDate: '2025-08-09T12:00:00.000Z',
    analisis: 'Boston defiende el perímetro como nadie.\n\nCeltics -4,5 a cuota 1.90.',
  };

  it('opens the full analysis in a dialog and closes it with Regresar, focus back on the card', async () => {
    fakeApi({ [`GET /tips/${ID}`]: { body: { success: true, tip: TIP, revisions: [] } } });
    const user = userEvent.setup();
    renderWithApp(<TipCard tip={TIP} action="modal" />);
    const open = screen.getByRole('button', { name: 'Leer análisis completo' });

    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Lakers vs. Celtics' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveTextContent('Boston defiende el perímetro como nadie.');
    expect(dialog).toHaveTextContent('Celtics -4,5 a cuota 1.90.');
    expect(dialog).toHaveTextContent('Programado');
    expect(dialog).toHaveTextContent(
      /Inicio del partido: sábado, 9 de agosto, \d\d:\d\d \(hora [^)]+\)/,
    );
    expect(
      within(dialog).getByRole('link', { name: 'Ver en el registro público' }),
    ).toHaveAttribute('href', `/historial/registro?tip=${ID}`);
    expect(await within(dialog).findByText('Sin cambios desde su publicación.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Regresar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('closes on Escape and keeps Tab inside the dialog', async () => {
    fakeApi({ [`GET /tips/${ID}`]: { body: { success: true, tip: TIP, revisions: [] } } });
    const user = userEvent.setup();
    renderWithApp(<TipCard tip={TIP} action="modal" />);
    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));
    const back = await screen.findByRole('button', { name: 'Regresar' });
    const record = screen.getByRole('link', { name: 'Ver en el registro público' });
    await screen.findByText('Sin cambios desde su publicación.');

    await user.tab();
    expect(record).toHaveFocus();
    await user.tab();
    expect(back).toHaveFocus();
    await user.tab();
    expect(record).toHaveFocus();
    await user.tab({ shift: true });
    expect(back).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('makes the page behind the dialog inert while it is open', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<TipCard tip={TIP} action="modal" />);
    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));
    await screen.findByRole('dialog');
    expect(container).toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
  });

  it('says so when the analysis did not come with the tip', async () => {
    const user = userEvent.setup();
    renderWithApp(<TipCard tip={{ _id: ID }} action="modal" />);
    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Análisis del día' });
    expect(dialog).toHaveTextContent('El análisis completo no está disponible.');
    expect(within(dialog).getByText('⚽')).toBeInTheDocument();
  });
});

describe('TipCard with a bet (issue 14)', () => {
  it('shows the pick, the odds and the stake, and no result badge while pending', () => {
    renderWithApp(
      <TipCard
        tip={{
          _id: ID,
          title: 'Final',
          pick: 'Ambos marcan',
          odds: 1.85,
          stake: 3,
          result: 'pendiente',
        }}
        action="login"
      />,
    );

    expect(screen.getByText('Ambos marcan').closest('p')).toHaveTextContent(
      'Ambos marcan @ 1,85 · 3 u',
    );
    expect(screen.queryByText('Pendiente', { selector: '.result-badge' })).not.toBeInTheDocument();
    expect(screen.queryByText('Publicado tras el inicio')).not.toBeInTheDocument();
  });

  it('shows one state once settled: the result with its units, no match status beside it', () => {
    renderWithApp(
      <TipCard
        tip={{
          _id: ID,
          title: 'Final',
          pick: 'Gana local',
          odds: 2.1,
          stake: 1,
          result: 'medio_perdido',
          profitUnits: -0.5,
          status: 'terminado',
        }}
        action="login"
      />,
    );

    expect(screen.getByText('Medio perdido −0,5 u')).toHaveClass('tip-state--medio_perdido');
    expect(screen.queryByText(/Terminado|Finalizado|En progreso/)).not.toBeInTheDocument();
    expect(screen.getByText('Gana local').closest('p')).toHaveTextContent(
      'Gana local @ 2,10 · 1 u',
    );
  });

  it('labels a tip published after kick-off', () => {
    renderWithApp(
      <TipCard tip={{ _id: ID, title: 'Final', publishedLate: true }} action="login" />,
    );

    expect(screen.getByText('Publicado tras el inicio')).toBeVisible();
  });
});

describe('TipCard states (the proof issue, item 7)', () => {
  const card = (tip: Record<string, unknown>) =>
    renderWithApp(<TipCard tip={{ _id: ID, title: 'Final', ...tip }} action="login" />);

  it.each([
    [{ status: 'pendiente' }, 'Programado'],
    [{ status: 'en_progreso', result: 'pendiente', pick: 'Gana local' }, 'En juego'],
    [{ status: 'terminado', result: 'pendiente', pick: 'Gana local' }, 'Pendiente de resultado'],
    // A VIP card hides its pending bet entirely, yet it still waits for a result.
    [{ status: 'terminado' }, 'Pendiente de resultado'],
    [{ status: 'terminado', noBet: true }, 'Finalizado'],
    [{ status: 'terminado', result: 'ganado', profitUnits: 1.7 }, 'Ganado +1,7 u'],
    [{ status: 'terminado', result: 'perdido', profitUnits: -2 }, 'Perdido −2 u'],
    [{ status: 'terminado', result: 'nulo', profitUnits: 0 }, 'Nulo'],
    [{ status: 'en_progreso', result: 'medio_ganado', profitUnits: 0.45 }, 'Medio ganado +0,45 u'],
  ])('%o reads %s', (tip, label) => {
    card(tip);
    expect(screen.getByText(label, { selector: '.tip-state' })).toBeVisible();
    expect(screen.getAllByText(/./, { selector: '.status-badge' })).toHaveLength(1);
  });

  it('says Análisis sin apuesta on a card without a bet', () => {
    card({ status: 'pendiente', noBet: true });
    expect(screen.getByText('Análisis sin apuesta')).toBeVisible();
  });
});

describe('TipCard modal history', () => {
  const RESERVED = 'Contenido anterior reservado a suscriptores';

  it('reads the history from the tip: reserved VIP values and a correction with its reason', async () => {
    fakeApi({
      [`GET /tips/${ID}`]: {
        body: {
          success: true,
          tip: { _id: ID },
          revisions: [
            {
              at: '2026-11-19T10:00:00.000Z',
              by: 'Ana P.',
              kind: 'edit',
              reserved: true,
              changes: [{ field: 'pick', before: 'Over 2,5 goles', after: 'Gana local' }],
            },
            {
              at: '2026-11-21T10:00:00.000Z',
              by: 'Ana P.',
              kind: 'correction',
              reason: 'Error al copiar el marcador final.',
              changes: [{ field: 'result', before: 'ganado', after: 'perdido' }],
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithApp(
      <TipCard
        tip={{ _id: ID, title: 'Final', status: 'terminado', noBet: false }}
        action="modal"
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));

    const dialog = await screen.findByRole('dialog');
    const history = await within(dialog).findByRole('region', { name: 'Historial de cambios' });
    expect(history).toHaveTextContent(RESERVED);
    expect(history).not.toHaveTextContent('Over 2,5 goles');
    expect(
      within(history).getByText('Error al copiar el marcador final.').closest('blockquote'),
    ).not.toBeNull();
  });

  it('says so, with Reintentar, when the history cannot be read', async () => {
    fakeApi({
      [`GET /tips/${ID}`]: {
        status: 500,
        body: { success: false, message: 'Se cayó', code: 'INTERNAL_ERROR' },
      },
    });
    const user = userEvent.setup();
    renderWithApp(<TipCard tip={{ _id: ID }} action="modal" />);
    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));

    const alert = await within(await screen.findByRole('dialog')).findByRole('alert');
    expect(alert).toHaveTextContent('No pudimos cargar el historial de cambios.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});

describe('matchStateLabel: a pack match alone, in the words of a tip state', () => {
  it('says Programado, En juego, Finalizado, and Desconocido for anything else', () => {
    expect(
      ['pendiente', 'en_progreso', 'terminado', 'aplazado', null].map(matchStateLabel),
    ).toEqual(['Programado', 'En juego', 'Finalizado', 'Desconocido', 'Desconocido']);
  });
});
