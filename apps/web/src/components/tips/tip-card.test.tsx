import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/utils';
import { TipCard } from './tip-card';

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
    expect(screen.getByText('En progreso')).toBeVisible();
    const date = screen.getByText(/agosto/);
    expect(date).toHaveTextContent(/^9 de agosto de 2025(,| a las) \d{2}:\d{2}$/);
    expect(date).toHaveAttribute('dateTime', '2025-08-09T12:00:00.000Z');
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
    const user = userEvent.setup();
    renderWithApp(<TipCard tip={TIP} action="modal" />);
    const open = screen.getByRole('button', { name: 'Leer análisis completo' });

    await user.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Lakers vs. Celtics' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveTextContent('Boston defiende el perímetro como nadie.');
    expect(dialog).toHaveTextContent('Celtics -4,5 a cuota 1.90.');
    expect(dialog).toHaveTextContent('Pendiente');
    expect(dialog).toHaveTextContent(/9 de agosto de 2025/);

    await user.click(screen.getByRole('button', { name: 'Regresar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('closes on Escape and keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    renderWithApp(<TipCard tip={TIP} action="modal" />);
    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));
    const back = await screen.findByRole('button', { name: 'Regresar' });

    await user.tab();
    expect(back).toHaveFocus();
    await user.tab();
    expect(back).toHaveFocus();
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

  it('shows the coloured result badge once settled', async () => {
    renderWithApp(
      <TipCard
        tip={{
          _id: ID,
          title: 'Final',
          pick: 'Gana local',
          odds: 2.1,
          stake: 1,
          result: 'medio_perdido',
        }}
        action="login"
      />,
    );

    const badge = await screen.findByText('Medio perdido');
    expect(badge).toHaveClass('result-badge', 'result-badge--half-lost');
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
