import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/utils';
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

  it('sends a visitor to /login from the login action', async () => {
    const user = userEvent.setup();
    const { router } = renderWithApp(
      <TipCard tip={{ _id: ID, title: 'Final', status: 'pendiente' }} action="login" />,
      { at: '/' },
    );

    await user.click(screen.getByRole('button', { name: 'Leer análisis completo' }));

    expect(router.state.location.pathname).toBe('/login');
  });

  it('opens the tip page in a new tab from the external action', () => {
    renderWithApp(<TipCard tip={{ _id: ID }} action="external" />);

    const link = screen.getByRole('link', { name: /Leer análisis completo/ });
    expect(link).toHaveAttribute('href', `/tip/${ID}`);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
