import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, authAnswer, stubApi } from '../../../test/api-double';
import { renderRoutes, storeSession } from '../../../test/utils';
import { RequireAuth, RequireGuest } from './route-guards';

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
