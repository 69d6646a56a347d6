import { MSG } from '@magotips/contracts/messages';
import type { TUser } from '@magotips/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dismissNotices, storeSession } from '../../../test/utils';
import { preloadRoutes, renderApp } from '../../../test/render-app';
import {
  apiError,
  authAnswer,
  json,
  makeUser,
  stubApi,
  type ApiHandler,
} from '../../../test/api-double';

preloadRoutes('/panel/cuenta');

async function openAccount(user: TUser = makeUser(), extra: Record<string, ApiHandler> = {}) {
  dismissNotices();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    ...extra,
  });
  const view = renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return { ...view, api, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

describe('AccountPage: profile and subscription', () => {
  it('shows the profile with the birth date in Spanish, and no badge for a plain user', async () => {
    await openAccount(makeUser({ phone: '+34600123456' }));
    const profile = section('Perfil');

    expect(profile).toHaveTextContent('Ana García');
    expect(profile).toHaveTextContent('ana@example.com');
    expect(profile).toHaveTextContent('+34600123456');
    expect(profile).toHaveTextContent('4 de mayo de 1990');
    expect(within(profile).queryByText(/Administrador|Editor|Usuario/)).not.toBeInTheDocument();
  });

  it('shows the role badge, admin over editor', async () => {
    await openAccount(
      makeUser({
        roles: [
          { name: 'user', assignedBy: null },
          { name: 'editor', assignedBy: null },
          { name: 'admin', assignedBy: null },
        ],
      }),
    );

    expect(within(section('Perfil')).getByText('Administrador')).toBeVisible();
  });

  it("offers 'Actualizar Plan' without an active subscription", async () => {
    await openAccount();
    const subscription = section('Suscripción');

    expect(subscription).toHaveTextContent('Plan Gratuito');
    expect(subscription).toHaveTextContent('Sin suscripción activa');
    expect(within(subscription).getByRole('link', { name: 'Actualizar Plan' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });

  it('shows the plan and its end date for a subscriber, without the upgrade button', async () => {
    await openAccount(
      makeUser({
        subscription: {
          hasActiveSubscription: true,
          plan: 'premium',
          endDate: '2030-01-15T12:00:00.000Z',
          isRecurring: true,
        },
      }),
    );
    const subscription = section('Suscripción');

    expect(subscription).toHaveTextContent('Plan Premium');
    expect(subscription).toHaveTextContent('Activa');
    expect(subscription).toHaveTextContent(/15 de enero de 2030/);
    expect(subscription).toHaveTextContent('Sí, cada mes');
    expect(
      within(subscription).queryByRole('link', { name: 'Actualizar Plan' }),
    ).not.toBeInTheDocument();
  });
});

describe('AccountPage: change password', () => {
  async function fillChange(
    user: ReturnType<typeof userEvent.setup>,
    current: string,
    next: string,
    confirm: string,
  ) {
    const form = section('Cambiar contraseña');
    await user.type(within(form).getByLabelText('Contraseña actual'), current);
    await user.type(within(form).getByLabelText('Nueva contraseña'), next);
    await user.type(within(form).getByLabelText('Confirmar nueva contraseña'), confirm);
    await user.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    return form;
  }

  it("says 'Las contraseñas no coinciden' and calls nothing", async () => {
    const { api, user } = await openAccount();
    const form = await fillChange(user, 'demo1234', 'nueva-clave', 'otra-clave');

    expect(await within(form).findByText('Las contraseñas no coinciden')).toBeVisible();
    expect(api.callsTo('POST /auth/change-password')).toHaveLength(0);
  });

  it('needs at least 6 characters', async () => {
    const { user } = await openAccount();
    const form = await fillChange(user, 'demo1234', '123', '123');

    expect(
      await within(form).findByText('La nueva contraseña debe tener al menos 6 caracteres'),
    ).toBeVisible();
    expect(MSG.newPasswordLength).toBe('La nueva contraseña debe tener al menos 6 caracteres');
  });

  it("refuses a common new password with the contract's text and calls nothing", async () => {
    const { api, user } = await openAccount();
    const form = await fillChange(user, 'demo1234', 'Password123', 'Password123');

    expect(await within(form).findByText(MSG.commonPassword)).toBeVisible();
    expect(api.callsTo('POST /auth/change-password')).toHaveLength(0);
  });

  it('stores the new token and says so', async () => {
    const { api, user } = await openAccount(makeUser(), {
      'POST /auth/change-password': () =>
        json({
          success: true,
          message: 'Tu contraseña se ha actualizado.',
          user: makeUser(),
          token: 'after-change',
        }),
    });
    const form = await fillChange(user, 'demo1234', 'nueva-clave', 'nueva-clave');

    expect(await within(form).findByText('Tu contraseña se ha actualizado.')).toBeVisible();
    expect(window.localStorage.getItem('token')).toBe('after-change');
    expect(api.callsTo('POST /auth/change-password')[0]?.body).toEqual({
      currentPassword: 'demo1234',
      newPassword: 'nueva-clave',
    });
    expect(within(form).getByLabelText('Contraseña actual')).toHaveValue('');
  });

  it('shows a wrong current password without signing out', async () => {
    const { user } = await openAccount(makeUser(), {
      'POST /auth/change-password': () =>
        apiError(400, 'La contraseña actual es incorrecta.', 'INVALID_PASSWORD'),
    });
    const form = await fillChange(user, 'mala-clave', 'nueva-clave', 'nueva-clave');

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'La contraseña actual es incorrecta.',
    );
    expect(window.localStorage.getItem('token')).toBe('session-token');
  });
});

describe('AccountPage: change password, messages that go stale (issue 13, item 5)', () => {
  it('shows length and mismatch together, and clears each when its cause is fixed', async () => {
    const { user } = await openAccount();
    const form = section('Cambiar contraseña');
    const next = within(form).getByLabelText('Nueva contraseña');
    const confirm = within(form).getByLabelText('Confirmar nueva contraseña');
    await user.type(within(form).getByLabelText('Contraseña actual'), 'demo1234');
    await user.type(next, '123');
    await user.type(confirm, '1234');
    await user.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));

    expect(await within(form).findByText(MSG.newPasswordLength)).toBeVisible();
    expect(within(form).getByText(MSG.passwordsMismatch)).toBeVisible();

    // Changing the new password to match the confirmation clears both messages.
    await user.clear(next);
    await user.type(next, 'clave-nueva');
    await user.clear(confirm);
    await user.type(confirm, 'clave-nuev');
    expect(await within(form).findByText(MSG.passwordsMismatch)).toBeVisible();
    await user.clear(next);
    await user.type(next, 'clave-nuev');
    await waitFor(() =>
      expect(within(form).queryByText(MSG.passwordsMismatch)).not.toBeInTheDocument(),
    );
    expect(within(form).queryByText(MSG.newPasswordLength)).not.toBeInTheDocument();
  });

  it("clears the server's answer when a field changes", async () => {
    const { user } = await openAccount(makeUser(), {
      'POST /auth/change-password': () =>
        apiError(400, 'La contraseña actual es incorrecta.', 'INVALID_PASSWORD'),
    });
    const form = section('Cambiar contraseña');
    await user.type(within(form).getByLabelText('Contraseña actual'), 'mala-clave');
    await user.type(within(form).getByLabelText('Nueva contraseña'), 'nueva-clave');
    await user.type(within(form).getByLabelText('Confirmar nueva contraseña'), 'nueva-clave');
    await user.click(within(form).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'La contraseña actual es incorrecta.',
    );

    await user.type(within(form).getByLabelText('Contraseña actual'), 'x');
    await waitFor(() => expect(within(form).queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('AccountPage: delete account', () => {
  it('requires typing ELIMINAR: \'Debes escribir "ELIMINAR" para confirmar\'', async () => {
    const { api, user } = await openAccount();
    const form = section('Eliminar cuenta');
    await user.type(within(form).getByLabelText('Escribe ELIMINAR para confirmar'), 'eliminar');
    await user.type(within(form).getByLabelText('Contraseña actual'), 'demo1234');
    await user.click(within(form).getByRole('button', { name: 'Eliminar mi cuenta' }));

    expect(await within(form).findByText('Debes escribir "ELIMINAR" para confirmar')).toBeVisible();
    expect(
      within(form).queryByRole('button', { name: 'Sí, eliminar mi cuenta' }),
    ).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /auth/me')).toHaveLength(0);
  });

  it('asks once more, can be cancelled, and on confirmation signs out to /', async () => {
    const { api, user, router } = await openAccount(makeUser(), {
      'DELETE /auth/me': () => json({ success: true, message: 'Cuenta eliminada.' }),
    });
    const form = section('Eliminar cuenta');
    await user.type(within(form).getByLabelText('Escribe ELIMINAR para confirmar'), 'ELIMINAR');
    await user.type(within(form).getByLabelText('Contraseña actual'), 'demo1234');
    await user.click(within(form).getByRole('button', { name: 'Eliminar mi cuenta' }));

    const confirm = await within(form).findByRole('group', {
      name: '¿Seguro que quieres eliminar tu cuenta definitivamente?',
    });
    expect(confirm).toHaveFocus();
    expect(api.callsTo('DELETE /auth/me')).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Cancelar' }));
    await user.click(await within(form).findByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(await within(form).findByRole('button', { name: 'Sí, eliminar mi cuenta' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE /auth/me')[0]?.body).toEqual({
      confirm: 'ELIMINAR',
      password: 'demo1234',
    });
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's refusal and keeps the session", async () => {
    const { user } = await openAccount(makeUser(), {
      'DELETE /auth/me': () => apiError(400, 'La contraseña es incorrecta.', 'INVALID_PASSWORD'),
    });
    const form = section('Eliminar cuenta');
    await user.type(within(form).getByLabelText('Escribe ELIMINAR para confirmar'), 'ELIMINAR');
    await user.type(within(form).getByLabelText('Contraseña actual'), 'mala');
    await user.click(within(form).getByRole('button', { name: 'Eliminar mi cuenta' }));
    await user.click(await within(form).findByRole('button', { name: 'Sí, eliminar mi cuenta' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'La contraseña es incorrecta.',
    );
    expect(window.localStorage.getItem('token')).toBe('session-token');
  });
});
