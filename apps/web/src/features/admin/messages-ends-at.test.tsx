import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@magotips/contracts/messages';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import { fakeAdminApi, type FakeHandler } from '../../../test/admin-fake-api';
import AdminPage from './admin-page';
import { toLocalInput } from './components/message-form';

const ADMIN: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'admin' }] };
const at = '2026-06-01T12:00:00.000Z';
const MESSAGE = {
  id: '66666666-6666-4666-8666-666666666666',
  text: 'Mantenimiento',
  type: 'warn',
  active: true,
  createdAt: at,
  updatedAt: at,
  endsAt: null,
};

function renderMessages(handlers: Record<string, FakeHandler | { status?: number; body: unknown }>) {
  storeSession(ADMIN);
  const api = fakeAdminApi(handlers, { user: ADMIN });
  renderWithApp(<AdminPage />, { at: '/panel/admin?tab=mensajes' });
  return api;
}

const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

// Issue 29 item 15d: a live preview and an optional "Mostrar hasta".
describe('AdminPage messages: preview and Mostrar hasta', () => {
  it('redraws the preview as the admin types and picks a type', async () => {
    renderMessages({ 'GET /admin/messages': { body: { success: true, messages: [] } } });
    const ui = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Nuevo mensaje' });
    const preview = within(form).getByRole('group', { name: 'Vista previa' });
    await ui.type(within(form).getByRole('textbox', { name: 'Texto del mensaje' }), '  Hoy cerramos ');
    expect(preview).toHaveTextContent('Información: Hoy cerramos');
    await ui.click(within(form).getByRole('radio', { name: /Crítico/ }));
    expect(preview).toHaveTextContent('Crítico: Hoy cerramos');
  });

  it('refuses a past end with the contract text, and sends a future one as an ISO time', async () => {
    const api = renderMessages({
      'GET /admin/messages': { body: { success: true, messages: [] } },
      'POST /admin/messages': ({ body }) => ({
        status: 201,
        body: { success: true, data: { ...MESSAGE, ...(body as object) } },
      }),
    });
    const ui = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Nuevo mensaje' });
    await ui.type(within(form).getByRole('textbox', { name: 'Texto del mensaje' }), 'Oferta');
    const ends = within(form).getByLabelText('Mostrar hasta (opcional)');

    await ui.type(ends, toLocalInput(hoursFromNow(-2).toISOString()));
    await ui.click(within(form).getByRole('button', { name: 'Crear mensaje' }));
    expect(await within(form).findByText(MSG.messageEndsAtFuture)).toBeVisible();
    expect(ends).toHaveAttribute('aria-invalid', 'true');
    expect(api.called('POST', '/admin/messages')).toHaveLength(0);

    const local = toLocalInput(hoursFromNow(5).toISOString());
    await ui.clear(ends);
    await ui.type(ends, local);
    await ui.click(within(form).getByRole('button', { name: 'Crear mensaje' }));
    await waitFor(() => expect(api.called('POST', '/admin/messages')).toHaveLength(1));
    expect(api.called('POST', '/admin/messages')[0]?.body).toEqual({
      text: 'Oferta',
      type: 'info',
      active: true,
      endsAt: new Date(local).toISOString(),
    });
  });

  it('edits a message with its end in the field, says it in the list, and removes it', async () => {
    const endsAt = new Date(toLocalInput(hoursFromNow(3).toISOString())).toISOString();
    const withEnd = { ...MESSAGE, endsAt };
    const api = renderMessages({
      'GET /admin/messages': { body: { success: true, messages: [withEnd] } },
      [`PUT /admin/messages/${MESSAGE.id}`]: ({ body }) => ({
        body: { success: true, data: { ...withEnd, ...(body as object) } },
      }),
    });
    const ui = userEvent.setup();
    const item = (await screen.findByText('Mantenimiento', { selector: 'p' })).closest('li')!;
    expect(item).toHaveTextContent(/Hasta: /);

    await ui.click(within(item).getByRole('button', { name: 'Editar' }));
    const form = screen.getByRole('form', { name: 'Editar mensaje' });
    const ends = within(form).getByLabelText('Mostrar hasta (opcional)');
    expect(ends).toHaveValue(toLocalInput(endsAt));
    await ui.clear(ends);
    await ui.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.called('PUT', `/admin/messages/${MESSAGE.id}`)).toHaveLength(1));
    expect(api.called('PUT', `/admin/messages/${MESSAGE.id}`)[0]?.body).toEqual({
      text: 'Mantenimiento',
      type: 'warn',
      endsAt: null,
    });
  });
});
