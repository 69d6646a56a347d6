import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authAnswer, json, stubApi } from '../../test/api-double';
import { dismissNotices, renderRoutes, storeSession } from '../../test/utils';
import { routes } from './routes';
import { preloadPages } from '../../test/preload-pages';

preloadPages(
  () => import('../features/auth/pages/login-page'),
  () => import('../features/auth/pages/verify-email-page'),
  () => import('../features/account/account-page'),
);

// The guards as app/routes.tsx places them (components/session/route-guards.test.tsx tests the
// guards on their own).
describe('the app routes', () => {
  it.each(['/panel', '/panel/cuenta', '/panel/editor'])('guards %s', async (path) => {
    dismissNotices();
    stubApi();
    const { router } = renderRoutes(routes, path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
  });

  it.each(['/login', '/register', '/forgot-password', '/reset-password?token=x'])(
    'sends a signed-in user from %s to /panel/cuenta',
    async (path) => {
      dismissNotices();
      storeSession();
      stubApi({ 'POST /auth/me_verify': () => authAnswer() });
      const { router } = renderRoutes(routes, path);

      await waitFor(() => expect(router.state.location.pathname).toBe('/panel/cuenta'));
    },
  );

  it('opens /verify-email to anyone', async () => {
    dismissNotices();
    storeSession();
    stubApi({ 'POST /auth/me_verify': () => authAnswer() });
    renderRoutes(routes, '/verify-email');

    expect(await screen.findByText('Token de verificación no encontrado.')).toBeVisible();
  });
});

describe('back to what they wanted (issue 13, item 1)', () => {
  it('a visitor sent from /subscription to /login comes back to it after signing in', async () => {
    dismissNotices();
    stubApi({
      'POST /auth/login': () => authAnswer(),
      'GET /subscriptions/plans': () => json({ success: true, data: [] }),
    });
    const { router } = renderRoutes(routes, '/subscription');
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?next=/subscription',
    );

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
    expect(router.state.location.search).toBe('');
  });

  it('a page opened with history state (/purchase with its pack) gets it back after signing in', async () => {
    dismissNotices();
    stubApi({ 'POST /auth/login': () => authAnswer() });
    const pack = {
      type: 'pack',
      item: { _id: 'p1', nombre: 'Pack Champions', precio: 9.99, descripcion: 'x', partidos: [] },
    };
    const { router } = renderRoutes(routes, '/');
    await router.navigate('/purchase', { state: pack });
    await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
    expect(router.state.location.search).toBe('?next=/purchase');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta1');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchase'));
    expect(router.state.location.state).toEqual(pack);
    expect(await screen.findByText('Pack Champions')).toBeVisible();
  });
});
