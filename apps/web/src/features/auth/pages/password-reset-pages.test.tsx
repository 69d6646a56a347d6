import { MSG } from '@magotips/contracts/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices, renderRoutes } from '../../../../test/utils';
import { routes } from '../../../app/routes';
import { apiError, json, stubApi } from '../testing/api-double';
import { RESET_REQUESTED_MESSAGE } from './forgot-password-page';

function open(path: string) {
  dismissNotices();
  return renderRoutes(routes, path);
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
    expect(api.calls).toHaveLength(0);
  });

  it('refuses a common password with the contract\'s text', async () => {
    const api = stubApi();
    open('/reset-password?token=abc');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'contraseña');
    await user.type(screen.getByLabelText('Confirmar nueva contraseña'), 'contraseña');
    await user.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

    expect(await screen.findByText(MSG.commonPassword)).toBeVisible();
    expect(api.calls).toHaveLength(0);
  });

  it('sends token and password, then leads to /login', async () => {
    const api = stubApi({
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
});
