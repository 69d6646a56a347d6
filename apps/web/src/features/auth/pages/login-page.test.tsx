import { MSG } from '@magotips/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices } from '../../../../test/utils';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { LOGIN_QUERY_ERRORS } from '../login-messages';
import { apiError, authAnswer, json, makeUser, stubApi } from '../../../../test/api-double';
import { browserPreferences } from '../../../lib/reader-zone';
import { googleSignInHref } from '../components/google-button';

preloadRoutes('/login');

async function openLogin(search = '') {
  dismissNotices();
  const view = renderApp(`/login${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Iniciar sesión' });
  return view;
}

async function fillAndSubmit(email = 'ana@example.com', password = 'secreta1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Contraseña'), password);
  await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
  return user;
}

describe('LoginPage', () => {
  it.each([
    ['birthday_required', LOGIN_QUERY_ERRORS.birthday_required],
    ['underage', 'Debes ser mayor de 21 años para registrarte...'],
    ['duplicate_email', LOGIN_QUERY_ERRORS.duplicate_email],
    ['validation_error', LOGIN_QUERY_ERRORS.validation_error],
    ['google_auth_failed', LOGIN_QUERY_ERRORS.google_auth_failed],
    ['invalid_data', LOGIN_QUERY_ERRORS.invalid_data],
    ['missing_data', LOGIN_QUERY_ERRORS.missing_data],
    // Issue 12, item 15: SPEC.md §8's exact text when the Google sign-in cannot start.
    ['google_start_failed', 'Error iniciando autenticación con Google. Por favor, intenta de nuevo.'],
    ['algo_raro', 'Error en la autenticación. Por favor, intenta de nuevo.'],
    ['toString', 'Error en la autenticación. Por favor, intenta de nuevo.'],
  ])('shows the message for ?error=%s', async (code, message) => {
    stubApi();
    await openLogin(`?error=${code}`);

    expect(screen.getByRole('alert')).toHaveTextContent(message!);
  });

  it('writes a Spanish text for every code SPEC.md only describes', () => {
    for (const text of Object.values(LOGIN_QUERY_ERRORS)) {
      expect(text).toMatch(/^[A-ZÁÉÍÓÚ¡¿].+[.]$/);
    }
  });

  it('shows no message without ?error and explains an expired session', async () => {
    stubApi();
    await openLogin('?expired=1');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeVisible();
  });

  it('shows and hides the password with a labelled toggle', async () => {
    stubApi();
    await openLogin();
    const user = userEvent.setup();
    const password = screen.getByLabelText('Contraseña');

    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('offers Google, registration and password recovery', async () => {
    stubApi();
    await openLogin();

    // A first Google sign-in creates the account in the browser's zone and its country.
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toHaveAttribute(
      'href',
      googleSignInHref(browserPreferences()),
    );
    // Google signs new people up too: the 21+ rule is said under it (issue 32 item 6).
    expect(screen.getByRole('link', { name: 'Continuar con Google' })).toHaveAccessibleDescription(
      /^Debes ser mayor de 21 años para registrarte\. /,
    );
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the fields with the contract before calling', async () => {
    const api = stubApi();
    await openLogin();
    await fillAndSubmit('ana@example', 'x');

    expect(await screen.findByText(MSG.email)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MSG.email);
    expect(api.callsTo('POST /auth/login')).toHaveLength(0);
  });

  it("shows the server's message when sign-in fails", async () => {
    stubApi({
      'POST /auth/login': () => apiError(401, 'Email o contraseña incorrectos.', 'INVALID_CREDENTIALS'),
    });
    await openLogin();
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('Email o contraseña incorrectos.');
    expect(screen.getByRole('alert')).toHaveFocus();
  });

  it('falls back to its own text when the server gives none', async () => {
    stubApi({ 'POST /auth/login': () => new Response('', { status: 401 }) });
    await openLogin();
    await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al iniciar sesión. Verifica tus credenciales.',
    );
  });

  it('offers to resend the verification e-mail to an unverified account', async () => {
    const api = stubApi({
      'POST /auth/login': () =>
        apiError(403, 'Debes confirmar tu email antes de iniciar sesión.', 'EMAIL_NOT_VERIFIED'),
      'POST /auth/resend-verification': () =>
        json({ success: true, message: 'Te hemos enviado un nuevo enlace.' }),
    });
    await openLogin();
    const user = await fillAndSubmit('nuevo@example.com');

    await user.click(await screen.findByRole('button', { name: 'Reenviar email de verificación' }));

    expect(await screen.findByText('Te hemos enviado un nuevo enlace.')).toBeVisible();
    expect(api.callsTo('POST /auth/resend-verification')[0]?.body).toEqual({
      email: 'nuevo@example.com',
    });
  });

  it('stores the session and goes home on success, without sending a stale token', async () => {
    const user = makeUser();
    const api = stubApi({ 'POST /auth/login': () => authAnswer(user, 'new-token') });
    const { router } = await openLogin();
    await fillAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(user);
    const [login] = api.callsTo('POST /auth/login');
    expect(login?.body).toEqual({ email: 'ana@example.com', password: 'secreta1' });
    expect(login?.headers.has('Authorization')).toBe(false);
  });

  describe('back to what they wanted (issue 13, item 1)', () => {
    const TIP = '/tip/0b7c4c8e-1d2a-4f7e-9f1a-2b3c4d5e6f70';

    it('goes to next after signing in, replacing /login in the history', async () => {
      stubApi({ 'POST /auth/login': () => authAnswer(makeUser(), 'new-token') });
      const { router } = await openLogin(`?next=${TIP}`);
      await fillAndSubmit();

      await waitFor(() => expect(router.state.location.pathname).toBe(TIP));
      expect(router.state.historyAction).toBe('REPLACE');
    });

    it.each([
      '//evil.example',
      'https://evil.example/tip',
      '/\\evil.example',
      'javascript:alert(1)',
      '%2F%2Fevil.example',
      '/%2F/evil.example',
      '/login',
    ])('goes home instead of next=%j', async (evil) => {
      stubApi({ 'POST /auth/login': () => authAnswer(makeUser(), 'new-token') });
      const { router } = await openLogin(`?next=${encodeURIComponent(evil)}`);
      await fillAndSubmit();

      await waitFor(() => expect(window.localStorage.getItem('token')).toBe('new-token'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });

    it('keeps next on the way to registration and through Google', async () => {
      stubApi();
      await openLogin(`?next=${TIP}`);

      expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', `/register?next=${TIP}`);
      const google = screen.getByRole('link', { name: 'Continuar con Google' });
      expect(google).toHaveAttribute('href', googleSignInHref(browserPreferences()));
      // jsdom does not navigate; the click stores the target for /auth/callback in this tab.
      google.addEventListener('click', (event) => event.preventDefault());
      await userEvent.setup().click(google);
      expect(window.sessionStorage.getItem('magotips.googleNext')).toBe(TIP);
    });

    it('a Google start without next forgets any target stored before', async () => {
      window.sessionStorage.setItem('magotips.googleNext', '/subscription');
      stubApi();
      await openLogin();
      const google = screen.getByRole('link', { name: 'Continuar con Google' });
      google.addEventListener('click', (event) => event.preventDefault());
      await userEvent.setup().click(google);
      expect(window.sessionStorage.getItem('magotips.googleNext')).toBeNull();
    });

    it('sends next with a resent verification e-mail', async () => {
      const api = stubApi({
        'POST /auth/login': () =>
          apiError(403, 'Debes confirmar tu email antes de iniciar sesión.', 'EMAIL_NOT_VERIFIED'),
        'POST /auth/resend-verification': () => json({ success: true, message: 'Enviado.' }),
      });
      await openLogin('?next=/subscription');
      const user = await fillAndSubmit('nuevo@example.com');
      await user.click(await screen.findByRole('button', { name: 'Reenviar email de verificación' }));

      await screen.findByText('Enviado.');
      expect(api.callsTo('POST /auth/resend-verification')[0]?.body).toEqual({
        email: 'nuevo@example.com',
        next: '/subscription',
      });
    });
  });
});
