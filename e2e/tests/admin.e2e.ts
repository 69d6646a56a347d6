import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { collectErrors, DESKTOP, openBrowser, PHONE, screenshot, seriousAxeViolations, type Session } from '../support/browser';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/session';

const BANNER_TEXT = 'Mantenimiento programado esta noche (prueba e2e)';
// Its own text, so the banner journey does not depend on the message the previous test posted.
const LANDING_BANNER_TEXT = 'Aviso crítico para todos los usuarios (prueba e2e)';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

type Json = Record<string, unknown>;

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<Json> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await res.json()) as Json;
}

async function adminToken(): Promise<string> {
  const body = await api('/auth/login', { method: 'POST', body: { email: DEMO.admin, password: DEMO_PASSWORD } });
  return String(body.token);
}

// The e2e server is shared by every journey: leave the demo accounts and messages as found,
// even when an assertion above fails half way.
afterAll(async () => {
  const token = await adminToken();
  const found = (await api(`/admin/all-users?exact=${encodeURIComponent(DEMO.user)}`, { token })) as {
    users?: { _id: string }[];
  };
  const userId = found.users?.[0]?._id;
  if (userId) await api(`/admin/users/${userId}/roles/editor`, { method: 'DELETE', token });
  const messages = (await api('/admin/messages', { token })) as { messages?: { id: string; text: string }[] };
  for (const m of messages.messages ?? []) {
    if (m.text === BANNER_TEXT || m.text === LANDING_BANNER_TEXT) await api(`/admin/messages/${m.id}`, { method: 'DELETE', token });
  }
});

describe('admin tools', () => {
  it('an admin gives usuario@example.com the editor role, who then reaches /panel/editor; removal takes it back', async () => {
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.admin);
    const admin = s.page;
    const errors = collectErrors(admin);
    await admin.goto('/panel/admin');
    await admin.getByRole('heading', { name: 'Administración', level: 1 }).waitFor();
    await admin.getByRole('list', { name: /Roles de Merlín Administrador/ }).waitFor();
    // Demo roles were given by the seed, not by an admin.
    expect(await admin.getByText('Rol original del sistema').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await screenshot(admin, 'admin-roles-desktop');

    await admin.getByRole('searchbox', { name: 'E-mail o nombre completo' }).fill(DEMO.user);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    const found = admin.getByRole('list', { name: 'Usuarios encontrados' });
    await found.getByText('Ulises Usuario').waitFor();
    await found.getByRole('button', { name: 'Dar rol editor' }).click();
    await admin.getByText('Rol editor asignado a Ulises Usuario.').waitFor();
    // The existing-roles list now offers this admin the removal of the role they gave.
    const removeButton = admin.getByRole('button', { name: 'Quitar rol editor a Ulises Usuario' });
    await removeButton.waitFor();
    await screenshot(admin, 'admin-roles-assigned-desktop');

    const other = await openBrowser(DESKTOP);
    try {
      await signIn(other.context, DEMO.user);
      await other.page.goto('/panel');
      const sidebar = other.page.getByRole('navigation', { name: 'Panel' });
      await sidebar.getByRole('link', { name: 'Edición' }).click();
      await other.page.getByRole('heading', { name: 'Edición', level: 1 }).waitFor();
      expect(new URL(other.page.url()).pathname).toBe('/panel/editor');

      // Removal: asked first, then effective on the user's next request.
      await removeButton.click();
      const dialog = admin.getByRole('alertdialog', { name: '¿Estás seguro de que quieres quitar el rol editor?' });
      await dialog.waitFor();
      expect(await seriousAxeViolations(admin)).toEqual([]);
      await screenshot(admin, 'admin-remove-dialog-desktop');
      await dialog.getByRole('button', { name: 'Quitar rol' }).click();
      await admin.getByText('Rol editor quitado a Ulises Usuario.').waitFor();

      await other.page.reload();
      await other.page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
      expect(await sidebar.getByRole('link', { name: 'Edición' }).count()).toBe(0);
    } finally {
      await other.close();
    }
    expect(errors).toEqual([]);
  });

  it('an admin posts a critical global message; the public list serves it to signed-in users', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.admin);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto('/panel/admin');
    await page.getByRole('tab', { name: 'Mensajes globales' }).click();
    const form = page.getByRole('form', { name: 'Nuevo mensaje' });
    await form.getByRole('button', { name: 'Crear mensaje' }).click();
    await form.getByText('El mensaje no puede estar vacío').waitFor();

    await form.getByRole('textbox', { name: 'Texto del mensaje' }).fill(BANNER_TEXT);
    await form.getByText(`${BANNER_TEXT.length}/200 caracteres`).waitFor();
    await form.getByRole('radio', { name: /Crítico/ }).check();
    await form.getByRole('button', { name: 'Crear mensaje' }).click();
    await page.getByText('Mensaje creado.').waitFor();
    const item = page.getByRole('listitem').filter({ hasText: BANNER_TEXT });
    await item.waitFor();
    expect(await item.getByRole('switch', { name: 'Activo' }).getAttribute('aria-checked')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-messages-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'admin-messages-desktop');
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Gestión de Roles' }).click();
    await page.getByRole('list', { name: /Roles de Merlín Administrador/ }).waitFor();
    await screenshot(page, 'admin-roles-phone');

    const served = (await api('/messages')) as { messages: { text: string; type: string }[] };
    expect(served.messages).toContainEqual(expect.objectContaining({ text: BANNER_TEXT, type: 'critical' }));
    expect(errors).toEqual([]);
  });

  it('a signed-in user sees the critical message as an alert banner on the landing', async () => {
    const token = await adminToken();
    await api('/admin/messages', { method: 'POST', token, body: { text: LANDING_BANNER_TEXT, type: 'critical' } });
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.user);
    await s.page.goto('/');
    const banner = s.page.getByRole('alert').filter({ hasText: LANDING_BANNER_TEXT });
    await banner.waitFor();
    expect(await seriousAxeViolations(s.page)).toEqual([]);
    await banner.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect.poll(() => banner.count()).toBe(0);
  });
});
