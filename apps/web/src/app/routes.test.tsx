import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dismissNotices, jsonResponse, renderRoutes } from '../../test/utils';
import { routes } from './routes';
import { preloadPages } from '../../test/preload-pages';

function stubPreview() {
  vi.stubGlobal('fetch', async () => jsonResponse({ success: true, tips: [] }));
}

preloadPages(
  () => import('../features/auth/pages/login-page'),
  () => import('../features/track-record/track-record-page'),
  () => import('../features/legal/docs-page'),
  () => import('../features/legal/privacy-page'),
  () => import('./not-found-page'),
);

describe('app routes', () => {
  it('puts the landing inside header, main and footer', async () => {
    dismissNotices();
    stubPreview();
    renderRoutes(routes, '/');

    expect(screen.getByRole('banner')).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'El mago de los pronósticos deportivos' }),
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/© 2025(–\d{4})? MagoTips/);
    await screen.findByText('No hay tips disponibles.');
  });

  it('routes /historial to the public track record, linked from the footer', async () => {
    dismissNotices();
    vi.stubGlobal('fetch', async () =>
      jsonResponse({ success: false, message: 'Sin datos.' }, 500),
    );
    renderRoutes(routes, '/historial');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Historial verificado' }),
    ).toBeVisible();
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('a[href="/historial"]')).toHaveTextContent('Historial');
  });

  it('shows the 404 page for an unknown path', async () => {
    dismissNotices();
    renderRoutes(routes, '/esto/no/existe');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeVisible();
  });

  it('routes /login to the sign-in page', async () => {
    dismissNotices();
    renderRoutes(routes, '/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  });

  it('loads the legal documents at /docs and the privacy policy at /privacidad', async () => {
    dismissNotices();
    const { unmount } = renderRoutes(routes, '/docs#terminos');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documentos legales' }),
    ).toBeVisible();
    unmount();

    renderRoutes(routes, '/privacidad');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/Privacidad/i);
  });

  it('makes the page inert behind the disclaimer until it is accepted', async () => {
    stubPreview();
    const user = userEvent.setup();
    renderRoutes(routes, '/');

    expect(screen.getByRole('dialog')).toBeVisible();
    expect(screen.getByRole('banner').closest('.app-shell')).toHaveAttribute('inert');

    await user.click(screen.getByRole('button', { name: 'Aceptar y continuar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('banner').closest('.app-shell')).not.toHaveAttribute('inert');
    expect(screen.getByRole('complementary', { name: 'Aviso de cookies' })).toBeVisible();
    await screen.findByText('No hay tips disponibles.');
  });
});
