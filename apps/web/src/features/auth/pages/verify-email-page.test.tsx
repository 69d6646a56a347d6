import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices } from '../../../../test/utils';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { apiError, json, makeUser, stubApi } from '../../../../test/api-double';

preloadRoutes('/verify-email');

// Each test uses its own token: the page shares one call per token for the page's lifetime.
let tokenCount = 0;
const nextToken = () => `token-${++tokenCount}`;

const TIP = '/tip/0b7c4c8e-1d2a-4f7e-9f1a-2b3c4d5e6f70';
const VERIFIED = {
  success: true,
  signedIn: true,
  email: 'vera@example.com',
  message: '¡Email verificado!',
  user: makeUser({ firstName: 'Vera', email: 'vera@example.com' }),
  token: 'sesion-nueva',
};
/** What another browser than the one that registered gets (decision 0082): no session. */
const CONFIRMED_ONLY = {
  success: true,
  signedIn: false,
  email: 'cuenta@example.com',
  message: 'Tu email está confirmado. Inicia sesión con tu contraseña.',
};

function openVerify(search: string) {
  dismissNotices();
  return renderApp(`/verify-email${search}`);
}

const confirm = () => userEvent.setup().click(screen.getByRole('button', { name: 'Confirmar mi cuenta' }));

describe('VerifyEmailPage', () => {
  it('says the token is missing, and calls nothing', async () => {
    const api = stubApi();
    openVerify('');

    expect(await screen.findByRole('alert')).toHaveTextContent('Token de verificación no encontrado.');
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(0);
  });

  it('spends nothing until "Confirmar mi cuenta" is pressed, so a mail scanner opening the link cannot use it up', async () => {
    const api = stubApi({ 'POST /auth/verify-email': () => json(VERIFIED) });
    openVerify(`?token=${nextToken()}`);

    expect(await screen.findByRole('button', { name: 'Confirmar mi cuenta' })).toBeVisible();
    // Whatever the page does on its own (effects, lazy chunks) happens without a call.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(0);
  });

  it('shows the pending state, then signs in the browser that registered and continues to the link\'s next', async () => {
    let answer: (r: Response) => void = () => {};
    const token = nextToken();
    const api = stubApi({
      'POST /auth/verify-email': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { router } = openVerify(`?token=${token}&next=${TIP}`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();

    expect(await screen.findByText('Verificando tu email...')).toHaveAttribute('role', 'status');
    answer(json(VERIFIED));

    await waitFor(() => expect(router.state.location.pathname).toBe(TIP));
    expect(window.localStorage.getItem('token')).toBe('sesion-nueva');
    expect(JSON.parse(window.localStorage.getItem('user') ?? '{}')).toMatchObject({ firstName: 'Vera' });
    expect(api.callsTo('POST /auth/verify-email')).toEqual([expect.objectContaining({ body: { token } })]);
  });

  it('continues to / without next, and also when next is not a page of this site', async () => {
    stubApi({ 'POST /auth/verify-email': () => json(VERIFIED) });
    const first = openVerify(`?token=${nextToken()}`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();

    for (const evil of ['//evil.example', 'https://evil.example', '/%2F/evil.example', '/\\evil.example']) {
      window.localStorage.clear();
      const view = openVerify(`?token=${nextToken()}&next=${encodeURIComponent(evil)}`);
      await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
      await confirm();
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/'));
      view.unmount();
    }
  });

  it("shows the server's error message, with the way to sign in keeping next", async () => {
    stubApi({
      'POST /auth/verify-email': () =>
        apiError(400, 'El enlace de verificación ha caducado.', 'TOKEN_EXPIRED'),
    });
    openVerify(`?token=${nextToken()}&next=/subscription`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();

    expect(await screen.findByRole('alert')).toHaveTextContent('El enlace de verificación ha caducado.');
    expect(screen.getByRole('link', { name: 'Ir a iniciar sesión' })).toHaveAttribute('href', '/login?next=/subscription');
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('falls back to "Error al verificar el email." without a server message', async () => {
    stubApi({ 'POST /auth/verify-email': () => new Response('', { status: 400 }) });
    openVerify(`?token=${nextToken()}`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error al verificar el email.');
  });

  it('reports a network failure and can try again', async () => {
    let online = false;
    const api = stubApi({
      'POST /auth/verify-email': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return json(VERIFIED);
      },
    });
    const { router } = openVerify(`?token=${nextToken()}`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();

    expect(await screen.findByRole('alert')).toHaveTextContent('Error de red al verificar el email.');
    online = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(2);
  });

  it('in another browser: names the account confirmed, signs nobody in and asks for the password on /login, the address filled in', async () => {
    stubApi({ 'POST /auth/verify-email': () => json(CONFIRMED_ONLY) });
    const { router } = openVerify(`?token=${nextToken()}&next=${TIP}`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();

    const alert = await screen.findByText('Tu email está confirmado. Inicia sesión con tu contraseña.');
    expect(alert).toBeVisible();
    expect(screen.getByText('cuenta@example.com')).toBeVisible();
    expect(screen.getByText(/Cuenta confirmada:/)).toHaveTextContent('Cuenta confirmada: cuenta@example.com');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(router.state.location.pathname).toBe('/verify-email');

    const signIn = screen.getByRole('link', { name: 'Iniciar sesión' });
    expect(signIn).toHaveAttribute('href', `/login?next=${TIP}`);
    await userEvent.setup().click(signIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('Email')).toHaveValue('cuenta@example.com');
    // Only in the page's state: the address bar does not carry it.
    expect(router.state.location.search).toBe(`?next=${TIP}`);
  });

  it('a server that answers only a message (no session) still says so, with the way to sign in', async () => {
    stubApi({ 'POST /auth/verify-email': () => json({ success: true, message: 'Verificado.' }) });
    openVerify(`?token=${nextToken()}`);
    await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    await confirm();

    expect(await screen.findByText('Verificado.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
  });

  it('spends the token once under StrictMode, even with a double click', async () => {
    dismissNotices();
    let answer: (r: Response) => void = () => {};
    const api = stubApi({ 'POST /auth/verify-email': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp(`/verify-email?token=${nextToken()}`, {
      strict: true,
      queryClient: new QueryClient(),
    });
    const button = await screen.findByRole('button', { name: 'Confirmar mi cuenta' });
    const user = userEvent.setup();
    await user.dblClick(button);
    answer(json(VERIFIED));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/verify-email')).toHaveLength(1);
  });
});
