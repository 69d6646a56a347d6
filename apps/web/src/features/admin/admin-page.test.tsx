import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import AdminPage from './admin-page';
import { fakeAdminApi, type FakeHandler } from '../../../test/admin-fake-api';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER_ADMIN = '22222222-2222-4222-8222-222222222222';
const ADMIN: TSessionUser = { ...TEST_USER, _id: ME, roles: [{ name: 'user' }, { name: 'admin' }] };

type Role = { name: string; assignedBy: string | null; origin?: 'system' | 'admin' | 'orphaned' };
function user(id: string, first: string, last: string, roles: Role[]) {
  return {
    _id: id,
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}@example.com`,
    phone: null,
    dateOfBirth: '1990-01-01',
    roles: [{ name: 'user', assignedBy: null }, ...roles],
    subscription: { hasActiveSubscription: false, plan: 'free', endDate: null, isRecurring: false },
    socialLogin: { google: false },
    country: 'ES',
    timeZone: 'Europe/Madrid',
    paused: false,
    pausedAt: null,
    pausedUntil: null,
    pauseLiftableFrom: null,
  };
}

const ANA = user('33333333-3333-4333-8333-333333333333', 'Ana', 'Pérez', [{ name: 'editor', assignedBy: ME }]);
const LUIS = user('44444444-4444-4444-8444-444444444444', 'Luis', 'Ramírez', [
  { name: 'admin', assignedBy: null },
  { name: 'editor', assignedBy: OTHER_ADMIN },
]);
// Given by an admin whose account was deleted (assignedBy null) and by one who is no longer admin.
const OLGA = user('77777777-7777-4777-8777-777777777777', 'Olga', 'Huérfana', [
  { name: 'admin', assignedBy: null, origin: 'orphaned' },
  { name: 'editor', assignedBy: OTHER_ADMIN, origin: 'orphaned' },
]);
const ULISES = user('55555555-5555-4555-8555-555555555555', 'Ulises', 'Usuario', []);

const page = (users: unknown[]) => ({
  body: { success: true, users, pagination: { page: 1, limit: 20, pages: 1, total: users.length } },
});

const at = '2026-06-01T12:00:00.000Z';
const MESSAGE = { id: '66666666-6666-4666-8666-666666666666', text: 'Mantenimiento', type: 'warn', active: true, createdAt: at, updatedAt: at, endsAt: null };

function renderAdmin(handlers: Record<string, FakeHandler | { status?: number; body: unknown }>, at = '/panel/admin') {
  storeSession(ADMIN);
  const api = fakeAdminApi(handlers, { user: ADMIN });
  const utils = renderWithApp(<AdminPage />, { at });
  return { ...utils, api };
}

describe('AdminPage access', () => {
  it('shows Acceso Denegado with the roles to someone who is not an admin, and calls nothing', async () => {
    const editor: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'editor' }] };
    storeSession(editor);
    const api = fakeAdminApi({}, { user: editor });
    renderWithApp(<AdminPage />, { at: '/panel/admin' });
    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    expect(
      screen.getByText('No tienes permisos para acceder a esta sección. Se requiere rol de administrador.'),
    ).toBeVisible();
    expect(screen.getByText('Usuario, Editor')).toBeVisible();
    expect(screen.getByText('Administrador')).toBeVisible();
    expect(api.calls.filter((c) => c.path.startsWith('/admin'))).toEqual([]);
  });
});

describe('AdminPage roles tab', () => {
  it('offers Quitar only on roles this admin gave, and says why elsewhere', async () => {
    renderAdmin({ 'GET /admin/all-users': page([ANA, LUIS]) });
    expect(screen.getByRole('tab', { name: 'Gestión de Roles', selected: true })).toBeVisible();
    const ana = await screen.findByRole('list', { name: 'Roles de Ana Pérez' });
    expect(within(ana).getByRole('button', { name: 'Quitar rol editor a Ana Pérez' })).toBeVisible();
    const luis = screen.getByRole('list', { name: 'Roles de Luis Ramírez' });
    expect(within(luis).queryByRole('button')).not.toBeInTheDocument();
    expect(within(luis).getByText('Rol original del sistema')).toBeVisible();
    expect(within(luis).getByText('Asignado por otro admin')).toBeVisible();
  });

  it('offers Quitar on an orphaned role, whoever gave it, and says so (decision 0027)', async () => {
    const { api } = renderAdmin({
      'GET /admin/all-users': page([OLGA]),
      [`DELETE /admin/users/${OLGA._id}/roles/admin`]: {
        body: { success: true, message: 'Rol admin quitado', user: { ...OLGA, roles: [OLGA.roles[0], OLGA.roles[2]] } },
      },
    });
    const olga = await screen.findByRole('list', { name: 'Roles de Olga Huérfana' });
    expect(within(olga).getAllByText('Asignado por un antiguo admin')).toHaveLength(2);
    expect(within(olga).getByRole('button', { name: 'Quitar rol editor a Olga Huérfana' })).toBeVisible();
    const ui = userEvent.setup();
    await ui.click(within(olga).getByRole('button', { name: 'Quitar rol admin a Olga Huérfana' }));
    await ui.click(screen.getByRole('button', { name: 'Quitar rol' }));
    expect(await screen.findByText('Rol admin quitado a Olga Huérfana.')).toBeVisible();
    expect(api.called('DELETE', `/admin/users/${OLGA._id}/roles/admin`)).toHaveLength(1);
  });

  it('asks before removing, removes, and shows Error al quitar rol with the reason on failure', async () => {
    let fail = true;
    const { api } = renderAdmin({
      'GET /admin/all-users': page([ANA]),
      [`DELETE /admin/users/${ANA._id}/roles/editor`]: () =>
        fail
          ? { status: 403, body: { success: false, message: 'Solo el administrador que asignó este rol puede quitarlo', code: 'NOT_ROLE_ASSIGNER' } }
          : { body: { success: true, message: 'Rol editor quitado', user: { ...ANA, roles: ANA.roles.slice(0, 1) } } },
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: /Quitar rol editor/ }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Estás seguro de que quieres quitar el rol editor?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.called('DELETE', `/admin/users/${ANA._id}/roles/editor`)).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: /Quitar rol editor/ }));
    await ui.click(screen.getByRole('button', { name: 'Quitar rol' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al quitar rol');
    expect(alert).toHaveTextContent('Solo el administrador que asignó este rol puede quitarlo');

    fail = false;
    await ui.click(screen.getByRole('button', { name: /Quitar rol editor/ }));
    await ui.click(screen.getByRole('button', { name: 'Quitar rol' }));
    expect(await screen.findByText('Rol editor quitado a Ana Pérez.')).toBeVisible();
  });

  it('searches the existing roles on the server as the admin types', async () => {
    const { api } = renderAdmin({
      'GET /admin/all-users': ({ query }) => page(query.get('search') === 'luis' ? [LUIS] : [ANA, LUIS]),
    });
    const ui = userEvent.setup();
    await screen.findByText('Ana Pérez');
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar por nombre, apellido o e-mail' }), 'luis');
    await waitFor(() => expect(screen.queryByText('Ana Pérez')).not.toBeInTheDocument());
    expect(screen.getByText('Luis Ramírez')).toBeVisible();
    const searches = api.called('GET', '/admin/all-users').map((c) => c.query.get('search'));
    expect(searches).toContain('luis');
    // One call for the pause, not one per key.
    expect(searches).not.toContain('l');
  });

  it('shows Error al cargar usuarios with Reintentar when the list fails', async () => {
    renderAdmin({
      'GET /admin/all-users': { status: 500, body: { success: false, message: 'Error interno del servidor. Por favor, intenta más tarde.', code: 'INTERNAL_ERROR' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar usuarios');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it('finds a user by exact e-mail and gives them a role; a failure shows Error al asignar rol', async () => {
    let fail = false;
    const { api } = renderAdmin({
      'GET /admin/all-users': ({ query }) => (query.has('exact') ? page([ULISES]) : page([ANA])),
      [`POST /admin/users/${ULISES._id}/roles`]: () =>
        fail
          ? { status: 409, body: { success: false, message: 'El usuario ya tiene el rol admin', code: 'ROLE_ALREADY_ASSIGNED' } }
          : { body: { success: true, message: 'Rol editor asignado', user: ULISES } },
    });
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Escribe el e-mail o el nombre completo del usuario')).toBeVisible();

    await ui.type(screen.getByRole('searchbox', { name: 'E-mail o nombre completo' }), 'ulises@example.com');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('list', { name: 'Usuarios encontrados' });
    expect(api.called('GET', '/admin/all-users').at(-1)?.query.get('exact')).toBe('ulises@example.com');

    await ui.click(within(found).getByRole('button', { name: 'Dar rol editor' }));
    await waitFor(() => expect(api.called('POST', `/admin/users/${ULISES._id}/roles`)).toHaveLength(1));
    expect(api.called('POST', `/admin/users/${ULISES._id}/roles`)[0]?.body).toEqual({ role: 'editor' });
    expect(await screen.findByText('Rol editor asignado a Ulises Usuario.')).toBeVisible();

    fail = true;
    await ui.click(within(found).getByRole('button', { name: 'Dar rol admin' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al asignar rol');
    expect(alert).toHaveTextContent('El usuario ya tiene el rol admin');
  });
});

describe('AdminPage roles tab: messages that go stale (issue 13, item 5)', () => {
  it('the assign search clears its error, notice and failure as the term changes', async () => {
    let fail = false;
    renderAdmin({
      'GET /admin/all-users': ({ query }) => (query.has('exact') ? page([ULISES]) : page([ANA])),
      [`POST /admin/users/${ULISES._id}/roles`]: () =>
        fail
          ? { status: 409, body: { success: false, message: 'El usuario ya tiene el rol admin', code: 'ROLE_ALREADY_ASSIGNED' } }
          : { body: { success: true, message: 'Rol editor asignado', user: ULISES } },
    });
    const ui = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'E-mail o nombre completo' });
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(screen.getByText('Escribe el e-mail o el nombre completo del usuario')).toBeVisible();
    await ui.type(search, 'u');
    expect(screen.queryByText('Escribe el e-mail o el nombre completo del usuario')).not.toBeInTheDocument();
    expect(search).not.toHaveAttribute('aria-invalid');

    await ui.type(search, 'lises@example.com');
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('list', { name: 'Usuarios encontrados' });
    await ui.click(within(found).getByRole('button', { name: 'Dar rol editor' }));
    expect(await screen.findByText('Rol editor asignado a Ulises Usuario.')).toBeVisible();
    await ui.type(search, ' ');
    expect(screen.queryByText('Rol editor asignado a Ulises Usuario.')).not.toBeInTheDocument();

    fail = true;
    await ui.click(within(found).getByRole('button', { name: 'Dar rol admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al asignar rol');
    await ui.type(search, '{Backspace}');
    expect(screen.queryByText('Error al asignar rol')).not.toBeInTheDocument();
  });

  it('the existing-roles search clears the last removal\'s notice or failure', async () => {
    renderAdmin({
      'GET /admin/all-users': page([ANA]),
      [`DELETE /admin/users/${ANA._id}/roles/editor`]: () => ({
        status: 403,
        body: { success: false, message: 'Solo el administrador que asignó este rol puede quitarlo', code: 'NOT_ROLE_ASSIGNER' },
      }),
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: /Quitar rol editor/ }));
    await ui.click(screen.getByRole('button', { name: 'Quitar rol' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error al quitar rol');

    await ui.type(screen.getByRole('searchbox', { name: 'Buscar por nombre, apellido o e-mail' }), 'a');
    expect(screen.queryByText('Error al quitar rol')).not.toBeInTheDocument();
  });
});

describe('AdminPage messages tab', () => {
  it('validates with the SPEC texts and creates a message', async () => {
    const { api } = renderAdmin(
      {
        'GET /admin/messages': { body: { success: true, messages: [] } },
        'POST /admin/messages': ({ body }) => ({ status: 201, body: { success: true, data: { ...MESSAGE, ...(body as object) } } }),
      },
      '/panel/admin?tab=mensajes',
    );
    const ui = userEvent.setup();
    expect(screen.getByRole('tab', { name: 'Mensajes globales', selected: true })).toBeVisible();
    expect(await screen.findByText(/No hay mensajes globales/)).toBeVisible();

    await ui.click(screen.getByRole('button', { name: 'Crear mensaje' }));
    expect(await screen.findByText('El mensaje no puede estar vacío')).toBeVisible();

    const text = screen.getByRole('textbox', { name: 'Texto del mensaje' });
    await ui.click(text);
    await ui.paste('x'.repeat(201));
    expect(screen.getByText('201/200 caracteres')).toBeVisible();
    await ui.click(screen.getByRole('button', { name: 'Crear mensaje' }));
    expect(await screen.findByText('El mensaje no puede exceder 200 caracteres')).toBeVisible();

    await ui.clear(text);
    await ui.type(text, 'Servidor en mantenimiento');
    await ui.click(screen.getByRole('radio', { name: /Crítico/ }));
    await ui.click(screen.getByRole('button', { name: 'Crear mensaje' }));
    await waitFor(() => expect(api.called('POST', '/admin/messages')).toHaveLength(1));
    expect(api.called('POST', '/admin/messages')[0]?.body).toEqual({
      text: 'Servidor en mantenimiento',
      type: 'critical',
      active: true,
      endsAt: null,
    });
    expect(await screen.findByText('Mensaje creado.')).toBeVisible();
    expect(text).toHaveValue('');
  });

  it('toggles, edits and deletes (after asking); failures show an alert with the server text', async () => {
    const { api } = renderAdmin(
      {
        'GET /admin/messages': { body: { success: true, messages: [MESSAGE] } },
        [`PATCH /admin/messages/${MESSAGE.id}`]: { body: { success: true, data: { ...MESSAGE, active: false } } },
        [`PUT /admin/messages/${MESSAGE.id}`]: { body: { success: true, data: { ...MESSAGE, text: 'Nuevo' } } },
        [`DELETE /admin/messages/${MESSAGE.id}`]: {
          status: 404,
          body: { success: false, message: 'Mensaje no encontrado', code: 'NOT_FOUND' },
        },
      },
      '/panel/admin?tab=mensajes',
    );
    const ui = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Activo' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await ui.click(toggle);
    await waitFor(() => expect(api.called('PATCH', `/admin/messages/${MESSAGE.id}`)[0]?.body).toEqual({ active: false }));

    await ui.click(screen.getByRole('button', { name: 'Editar' }));
    const form = screen.getByRole('form', { name: 'Editar mensaje' });
    const text = within(form).getByRole('textbox', { name: 'Texto del mensaje' });
    expect(text).toHaveValue('Mantenimiento');
    await ui.clear(text);
    await ui.type(text, 'Nuevo');
    await ui.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(api.called('PUT', `/admin/messages/${MESSAGE.id}`)).toHaveLength(1));
    // The edit leaves the active state to the switch.
    expect(api.called('PUT', `/admin/messages/${MESSAGE.id}`)[0]?.body).toEqual({ text: 'Nuevo', type: 'warn', endsAt: null });

    await ui.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Estás seguro de que quieres eliminar este mensaje?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al eliminar el mensaje');
    expect(alert).toHaveTextContent('Mensaje no encontrado');
  });

  it('moves between tabs with the arrow keys', async () => {
    renderAdmin({ 'GET /admin/all-users': page([]), 'GET /admin/messages': { body: { success: true, messages: [] } } });
    const ui = userEvent.setup();
    const roles = screen.getByRole('tab', { name: 'Gestión de Roles' });
    roles.focus();
    await ui.keyboard('{ArrowRight}');
    const messages = screen.getByRole('tab', { name: 'Mensajes globales' });
    expect(messages).toHaveFocus();
    expect(messages).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Mensajes globales' })).toBeVisible();
  });
});
