import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices } from '../../../../test/utils';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { apiError, json, stubApi } from '../../../../test/api-double';
import { RESET_REQUESTED_MESSAGE } from './forgot-password-page';

preloadRoutes('/forgot-password', '/reset-password');

function open(path: string) {
  dismissNotices();
  return renderApp(path);
}

describe('ForgotPasswordPage', () => {
  it('gives the same confirmation whatever the server knows', async () => {
    const api = stubApi({
      'POST /auth/forgot-password': () => json({ success: true, message: 'cualquier cosa' }),
    });
    open('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nadie@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByText(RESET_REQUESTED_MESSAGE)).toBeVisible();
    expect(api.callsTo('POST /auth/forgot-password')[0]?.body).toEqual({ email: 'nadie@example.com' });
  });

  it('shows a rate limit instead of a false confirmation', async () => {
    stubApi({
      'POST /auth/forgot-password': () =>
        apiError(429, 'Demasiadas peticiones. Por favor, espera un momento antes de intentar nuevamente.'),
    });
    open('/forgot-password');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Demasiadas peticiones');
    expect(screen.queryByText(RESET_REQUESTED_MESSAGE)).not.toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  it('needs the token of the link', async () => {
    stubApi();
    open('/reset-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('no es válido');
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('checks the new password and its confirmation', async () => {
    const api = stubApi();
    open('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), '123');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), '1234');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByText(MSG.password)).toBeVisible();
    expect(screen.getByText(MSG.passwordsMismatch)).toBeVisible();
    expect(api.callsTo('POST /auth/reset-password')).toHaveLength(0);
  });

  it('refuses a common password with the contract\'s text', async () => {
    const api = stubApi();
    open('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'contraseña');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'contraseña');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByText(MSG.commonPassword)).toBeVisible();
    expect(api.callsTo('POST /auth/reset-password')).toHaveLength(0);
  });

  it('sends token and password, then leads to /login', async () => {
    const api = stubApi({
      'POST /auth/validate-reset-token': () => json({ success: true, message: 'El enlace es válido.' }),
      'POST /auth/reset-password': () =>
        json({ success: true, message: 'Tu contraseña se ha restablecido.' }),
    });
    const { router } = open('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'nueva-clave');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'nueva-clave');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByText('Tu contraseña se ha restablecido.')).toBeVisible();
    expect(api.callsTo('POST /auth/reset-password')[0]?.body).toEqual({
      token: 'abc',
      password: 'nueva-clave',
    });
    await user.click(screen.getByRole('link', { name: 'Iniciar sesión' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('tells a used or expired link as the page opens, before anyone types (issue 13, item 5)', async () => {
    const api = stubApi({
      'POST /auth/validate-reset-token': () =>
        apiError(400, AUTH_MESSAGES.resetTokenExpired, 'TOKEN_EXPIRED'),
    });
    open('/reset-password?token=caducado');

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetTokenExpired);
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Solicitar un enlace nuevo' })).toHaveAttribute('href', '/forgot-password');
    expect(api.callsTo('POST /auth/validate-reset-token')[0]?.body).toEqual({ token: 'caducado' });
  });

  it('shows "Comprobando el enlace..." while the link is checked, then the form', async () => {
    let answer: (r: Response) => void = () => {};
    stubApi({
      'POST /auth/validate-reset-token': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    open('/reset-password?token=vivo');

    expect(await screen.findByRole('status')).toHaveTextContent('Comprobando el enlace...');
    expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
    answer(json({ success: true, message: AUTH_MESSAGES.resetTokenValid }));
    expect(await screen.findByLabelText('Nueva contraseña')).toBeVisible();
  });

  it('clears a stale mismatch when the password changes to match, and a server error when typing again', async () => {
    stubApi({
      'POST /auth/validate-reset-token': () => json({ success: true, message: AUTH_MESSAGES.resetTokenValid }),
      'POST /auth/reset-password': () => apiError(400, AUTH_MESSAGES.resetTokenInvalid, 'INVALID_TOKEN'),
    });
    open('/reset-password?token=abc');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Nueva contraseña');
    await user.type(password, 'clave-nueva-1');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'clave-nueva-2');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByText(MSG.passwordsMismatch)).toBeVisible();

    // Fixing the first field to match the second clears the message on the second.
    await user.clear(password);
    await user.type(password, 'clave-nueva-2');
    await waitFor(() => expect(screen.queryByText(MSG.passwordsMismatch)).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resetTokenInvalid);
    await user.type(password, 'x');
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.resetTokenInvalid)).not.toBeInTheDocument());
  });
});
