import type { TSession } from '@magotips/contracts/sessions';
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

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const session = (id: string, patch: Partial<TSession>): TSession => ({
  id,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-25T08:30:00.000Z',
  userAgent: CHROME_LINUX,
  ip: '203.0.113.7',
  current: false,
  ...patch,
});
const THIS = session('11111111-1111-4111-8111-111111111111', { current: true });
const PHONE = session('22222222-2222-4222-8222-222222222222', {
  userAgent: SAFARI_IPHONE,
  ip: null,
});

async function openAccount(handlers: Record<string, ApiHandler>) {
  dismissNotices();
  const user = makeUser();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(user, 'session-token'),
    ...handlers,
  });
  const view = renderApp('/panel/cuenta');
  await screen.findByRole('heading', { level: 1, name: 'Mi Cuenta' });
  return { ...view, api, ui: userEvent.setup() };
}

const card = () => screen.getByRole('region', { name: 'Sesiones activas' });

describe('Sesiones activas', () => {
  it('lists each device, this one first and marked, with when it was last used', async () => {
    await openAccount({
      'GET /auth/sessions': () => json({ success: true, sessions: [PHONE, THIS] }),
    });
    const rows = await within(card()).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome en Linux');
    expect(rows[0]).toHaveTextContent('Esta sesión');
    expect(rows[0]).toHaveTextContent('IP 203.0.113.7');
    expect(rows[1]).toHaveTextContent('Safari en iPhone');
    expect(rows[1]).not.toHaveTextContent('Esta sesión');
    expect(rows[1]).toHaveTextContent(/Último uso: 25 de noviembre de 2026/);
    expect(rows[1]).toHaveTextContent(/Inicio: 20 de noviembre de 2026/);
    expect(card()).toHaveTextContent('Una sesión sin usar durante 7 días se cierra sola.');
  });

  it('asks before closing another device, sends nothing on Cancelar, and ends it on confirm', async () => {
    let list = [THIS, PHONE];
    const { api, ui } = await openAccount({
      'GET /auth/sessions': () => json({ success: true, sessions: list }),
      [`DELETE /auth/sessions/${PHONE.id}`]: () => {
        list = [THIS];
        return json({ success: true, message: 'Sesión cerrada' });
      },
    });
    const end = await within(card()).findByRole('button', {
      name: 'Cerrar sesión en Safari en iPhone',
    });

    await ui.click(end);
    const dialog = screen.getByRole('alertdialog', { name: '¿Cerrar esta sesión?' });
    expect(dialog).toHaveTextContent('Safari en iPhone');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo(`DELETE /auth/sessions/${PHONE.id}`)).toHaveLength(0);

    await ui.click(end);
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cerrar sesión' }),
    );
    expect(await within(card()).findByText('Sesión cerrada')).toBeVisible();
    expect(api.callsTo(`DELETE /auth/sessions/${PHONE.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(card()).getAllByRole('listitem')).toHaveLength(1));
    expect(within(card()).getByText('Solo tienes esta sesión abierta.')).toBeVisible();
  });

  it('closes every other session after asking', async () => {
    const { api, ui } = await openAccount({
      'GET /auth/sessions': () => json({ success: true, sessions: [THIS, PHONE] }),
      'POST /auth/sessions/revoke-others': () =>
        json({ success: true, message: 'Se cerraron las demás sesiones', ended: 1 }),
    });
    await ui.click(await within(card()).findByRole('button', { name: 'Cerrar todas las demás' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Cerrar todas las demás sesiones?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Cerrar todas las demás' }));
    expect(await within(card()).findByText('Se cerraron las demás sesiones')).toBeVisible();
    expect(api.callsTo('POST /auth/sessions/revoke-others')).toHaveLength(1);
  });

  it('closing this device is the ordinary sign-out', async () => {
    const { api, ui, router } = await openAccount({
      'GET /auth/sessions': () => json({ success: true, sessions: [THIS] }),
      'POST /auth/logout': () => json({ success: true, message: 'Sesión cerrada' }),
    });
    await ui.click(
      await within(card()).findByRole('button', {
        name: 'Cerrar sesión en Chrome en Linux (esta sesión)',
      }),
    );
    await ui.click(
      within(
        screen.getByRole('alertdialog', { name: '¿Cerrar la sesión en este dispositivo?' }),
      ).getByRole('button', { name: 'Cerrar sesión' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('says when the list cannot load, and Reintentar asks again', async () => {
    let fail = true;
    const { ui } = await openAccount({
      'GET /auth/sessions': () =>
        fail
          ? apiError(500, 'Error interno del servidor. Por favor, intenta más tarde.')
          : json({ success: true, sessions: [THIS] }),
    });
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('No se pudieron cargar las sesiones');
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await within(card()).findByText('Esta sesión')).toBeVisible();
  });

  it('shows the server’s reason when a session cannot be closed', async () => {
    const { ui } = await openAccount({
      'GET /auth/sessions': () => json({ success: true, sessions: [THIS, PHONE] }),
      [`DELETE /auth/sessions/${PHONE.id}`]: () =>
        apiError(404, 'Sesión no encontrada', 'NOT_FOUND'),
    });
    await ui.click(
      await within(card()).findByRole('button', { name: 'Cerrar sesión en Safari en iPhone' }),
    );
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cerrar sesión' }),
    );
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Sesión no encontrada');
  });
});
