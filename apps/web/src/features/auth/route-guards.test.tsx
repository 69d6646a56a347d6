import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoutes, storeSession, dismissNotices } from '../../../test/utils';
import { routes } from '../../app/routes';
import { RequireAuth, RequireGuest } from './route-guards';
import { apiError, authAnswer, json, stubApi } from './testing/api-double';

const guarded = [
  {
    element: <RequireAuth />,
    children: [{ path: '/panel', element: <h1>Contenido del panel</h1> }],
  },
  {
    element: <RequireGuest />,
    children: [{ path: '/login', element: <h1>Formulario de acceso</h1> }],
  },
];

describe('RequireAuth', () => {
  it('sends a visitor to /login, carrying the page as next (issue 13)', async () => {
    stubApi();
    const { router } = renderRoutes(guarded, '/panel?vista=1');

    expect(await screen.findByRole('heading', { name: 'Formulario de acceso' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/panel?vista=1');
    expect(screen.queryByText('Contenido del panel')).not.toBeInTheDocument();
  });

  it('shows only the "Verificando sesión" overlay while a stored session is checked', async () => {
    storeSession();
    let answer: (r: Response) => void = () => {};
    stubApi({ 'POST /auth/me_verify': () => new Promise<Response>((r) => (answer = r)) });
    renderRoutes(guarded, '/panel');

    expect(screen.getByRole('status')).toHaveTextContent('Verificando sesión');
    expect(screen.queryByText('Contenido del panel')).not.toBeInTheDocument();

    answer(authAnswer());
    expect(await screen.findByRole('heading', { name: 'Contenido del panel' })).toBeVisible();
    expect(screen.queryByText('Verificando sesión')).not.toBeInTheDocument();
  });

  it('sends to /login when the check finds the session over', async () => {
    storeSession();
    stubApi({ 'POST /auth/me_verify': () => apiError(401, 'Sesión expirada.', 'UNAUTHORIZED') });
    const { router } = renderRoutes(guarded, '/panel');

    expect(await screen.findByRole('heading', { name: 'Formulario de acceso' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('RequireGuest', () => {
  it('sends a signed-in user to /panel', async () => {
    storeSession();
    stubApi({ 'POST /auth/me_verify': () => authAnswer() });
    const { router } = renderRoutes(guarded, '/login');

    expect(await screen.findByRole('heading', { name: 'Contenido del panel' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/panel');
  });

  it('sends a signed-in user to the safe next instead, and to /panel for an unsafe one', async () => {
    storeSession();
    stubApi({ 'POST /auth/me_verify': () => authAnswer() });
    const withTip = [...guarded, { path: '/tip/:id', element: <h1>Página del tip</h1> }];
    const { router, unmount } = renderRoutes(withTip, '/login?next=/tip/abc');
    expect(await screen.findByRole('heading', { name: 'Página del tip' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/tip/abc');
    unmount();

    const evil = renderRoutes(withTip, '/login?next=//evil.example');
    expect(await screen.findByRole('heading', { name: 'Contenido del panel' })).toBeVisible();
    expect(evil.router.state.location.pathname).toBe('/panel');
  });

  it('lets a visitor in', () => {
    stubApi();
    renderRoutes(guarded, '/login');

    expect(screen.getByRole('heading', { name: 'Formulario de acceso' })).toBeVisible();
  });
});

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
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?next=/subscription');

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
    const pack = { type: 'pack', item: { _id: 'p1', nombre: 'Pack Champions', precio: 9.99, descripcion: 'x', partidos: [] } };
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
