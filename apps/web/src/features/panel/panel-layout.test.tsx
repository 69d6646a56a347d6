import type { TUser } from '@magotips/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices, storeSession } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import { authAnswer, makeUser, stubApi } from '../../../test/api-double';

preloadRoutes('/panel/cuenta', '/panel/editor', '/panel/admin', '/panel/stripe-verification');

const ADMIN = makeUser({
  roles: [
    { name: 'user', assignedBy: null },
    { name: 'editor', assignedBy: null },
    { name: 'admin', assignedBy: null },
  ],
});
const EDITOR = makeUser({
  roles: [
    { name: 'user', assignedBy: null },
    { name: 'editor', assignedBy: null },
  ],
});

async function openPanel(user: TUser, path = '/panel') {
  dismissNotices();
  storeSession(user);
  const api = stubApi({ 'POST /auth/me_verify': () => authAnswer(user, 'panel-token') });
  const view = renderApp(path);
  const sidebar = await screen.findByRole('navigation', { name: 'Panel' });
  return { ...view, sidebar, api };
}

function linkNames(sidebar: HTMLElement) {
  return within(sidebar)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('PanelLayout', () => {
  it('opens Mi Cuenta at /panel', async () => {
    const { router } = await openPanel(makeUser());

    await waitFor(() => expect(router.state.location.pathname).toBe('/panel/cuenta'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' })).toBeVisible();
  });

  it('shows a user only Mi Cuenta', async () => {
    const { sidebar } = await openPanel(makeUser());

    expect(linkNames(sidebar)).toEqual([['👤Mi Cuenta', '/panel/cuenta']]);
  });

  it('adds Edición for an editor', async () => {
    const { sidebar } = await openPanel(EDITOR);

    expect(linkNames(sidebar).map(([, href]) => href)).toEqual(['/panel/cuenta', '/panel/editor']);
  });

  it('adds the admin tools for an admin', async () => {
    const { sidebar } = await openPanel(ADMIN);

    expect(within(sidebar).getAllByRole('link').map((l) => l.textContent?.slice(-30))).toEqual([
      expect.stringContaining('Mi Cuenta'),
      expect.stringContaining('Edición'),
      expect.stringContaining('Administración'),
      expect.stringContaining('Verificación Stripe'),
    ]);
    expect(within(sidebar).getByRole('link', { name: /Verificación Stripe/ })).toHaveAttribute(
      'href',
      '/panel/stripe-verification',
    );
  });

  it("titles the header 'Panel de Usuario' with a hamburger that toggles the sidebar", async () => {
    const { sidebar } = await openPanel(makeUser(), '/panel/cuenta');
    await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
    const header = screen.getByRole('banner');
    const menu = within(header).getByRole('button', { name: 'Menú del panel' });

    expect(within(header).getByText('Panel de Usuario')).toBeVisible();
    expect(menu).toHaveAttribute('aria-controls', sidebar.id);
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    const user = userEvent.setup();
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toHaveClass('panel__sidebar--open');

    // Issue 13 item 11: Escape closes it wherever focus is, the hamburger included...
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).not.toHaveClass('panel__sidebar--open');

    // ...and from inside the menu, focus goes back to the hamburger.
    await user.click(menu);
    within(sidebar).getAllByRole('link')[0]!.focus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('signs out with Cerrar sesión on the server and here, and returns to /', async () => {
    const { router, sidebar, api } = await openPanel(makeUser(), '/panel/cuenta');
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('panel-token'));

    await userEvent.setup().click(within(sidebar).getByRole('button', { name: 'Cerrar sesión' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    // Issue 12, item 1: the server-side session is ended with the session's own token.
    const [logout] = api.callsTo('POST /auth/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer panel-token');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Acceso' })).toBeVisible();

    // Back to the panel afterwards: the guard sends the visitor to /login.
    await router.navigate(-1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
