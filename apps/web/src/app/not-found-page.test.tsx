import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession } from '../../test/utils';
import NotFoundPage from './not-found-page';

describe('NotFoundPage', () => {
  it('sends a visitor home or to sign in', () => {
    renderWithApp(<NotFoundPage />, { at: '/no-existe' });

    expect(screen.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Ir al panel' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user home or to the panel', () => {
    storeSession();
    renderWithApp(<NotFoundPage />, { at: '/no-existe' });

    expect(screen.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Ir al panel' })).toHaveAttribute('href', '/panel');
    expect(screen.queryByRole('link', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });
});
