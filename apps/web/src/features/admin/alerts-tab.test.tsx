import type { TAdminAlertTip, TAdminAlertsResponse } from '@magotips/contracts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import AdminPage from './admin-page';
import { fakeAdminApi, type FakeHandler } from '../../../test/admin-fake-api';

const ADMIN: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'admin' }] };

const tip = (id: string, patch: Partial<TAdminAlertTip>): TAdminAlertTip => ({
  tipId: id,
  title: 'Real Madrid vs Barcelona',
  category: 'free',
  publishedAt: '2026-11-25T18:30:00.000Z',
  queued: 0,
  sent: 0,
  failed: 0,
  dead: 0,
  ...patch,
});
const CLASICO = tip('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', { sent: 1520, failed: 3, dead: 12 });
const DERBI = tip('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', {
  title: 'Atlético vs Sevilla',
  category: 'premium',
  queued: 40,
  sent: 210,
});

const answer = (tips: TAdminAlertTip[], page = 1, pages = 1): { body: TAdminAlertsResponse } => ({
  body: { success: true, tips, pagination: { page, limit: 20, pages, total: pages * tips.length } },
});

function openTab(handlers: Record<string, FakeHandler | { status?: number; body: unknown }>) {
  storeSession(ADMIN);
  const api = fakeAdminApi(handlers, { user: ADMIN });
  const view = renderWithApp(<AdminPage />, { at: '/panel/admin?tab=avisos' });
  return { ...view, api, ui: userEvent.setup() };
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr') as HTMLElement;

describe('AdminPage alerts tab', () => {
  it('lists each tip with its deliveries by state, asking for the first page', async () => {
    const { api } = openTab({ 'GET /admin/alerts': answer([CLASICO, DERBI]) });
    expect(screen.getByRole('tab', { name: 'Avisos', selected: true })).toBeVisible();
    const table = await screen.findByRole('table', { name: /Avisos por tip/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Tip', 'Publicado', 'En cola', 'Enviados', 'Fallidos', 'Descartados']);

    const clasico = rowOf('Real Madrid vs Barcelona');
    expect(
      within(clasico)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      expect.stringMatching(/^25 nov 2026, \d\d:30 \(hora [^)]+\)$/),
      '0',
      '1.520',
      '3',
      '12Reintentar descartados (12)',
    ]);
    // The retry sits in the Descartados cell, under its count.
    expect(
      within(within(clasico).getAllByRole('cell')[4]!).getByRole('button', {
        name: 'Reintentar descartados (12) de «Real Madrid vs Barcelona»',
      }),
    ).toBeVisible();
    expect(within(clasico).getByRole('link', { name: 'Real Madrid vs Barcelona' })).toHaveAttribute(
      'href',
      `/tip/${CLASICO.tipId}`,
    );
    const derbi = rowOf('Atlético vs Sevilla');
    expect(derbi).toHaveTextContent('VIP');
    expect(within(derbi).queryByRole('button')).not.toBeInTheDocument();

    const request = api.called('GET', '/admin/alerts')[0];
    expect(request?.query.get('page')).toBe('1');
    expect(request?.query.get('limit')).toBe('20');
  });

  it('is reached from the keyboard: End, then the left arrow twice (Negocio is last)', async () => {
    storeSession(ADMIN);
    fakeAdminApi(
      {
        'GET /admin/all-users': {
          body: {
            success: true,
            users: [],
            pagination: { page: 1, limit: 20, pages: 1, total: 0 },
          },
        },
        'GET /admin/alerts': answer([]),
      },
      { user: ADMIN },
    );
    renderWithApp(<AdminPage />, { at: '/panel/admin' });
    const ui = userEvent.setup();
    screen.getByRole('tab', { name: 'Gestión de Roles' }).focus();
    await ui.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Negocio' })).toHaveFocus();
    await ui.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Códigos' })).toHaveFocus();
    await ui.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Avisos' })).toHaveFocus();
    expect(await screen.findByRole('tabpanel', { name: 'Avisos' })).toHaveTextContent(
      'Aún no se ha enviado ningún aviso.',
    );
  });

  it('says when no alert has been sent yet', async () => {
    openTab({ 'GET /admin/alerts': answer([]) });
    expect(await screen.findByText('Aún no se ha enviado ningún aviso.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the failure with Reintentar, which asks again', async () => {
    let fail = true;
    const { ui } = openTab({
      'GET /admin/alerts': () =>
        fail
          ? { status: 500, body: { success: false, message: 'Error interno del servidor.' } }
          : answer([DERBI]),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar los avisos');
    expect(alert).toHaveTextContent('Error interno del servidor.');
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('rowheader', { name: /Atlético vs Sevilla/ })).toBeVisible();
  });

  it('asks before putting the dead deliveries back, sends nothing on Cancelar, then retries and refreshes', async () => {
    let dead = 12;
    const { api, ui } = openTab({
      'GET /admin/alerts': () => answer([{ ...CLASICO, dead, queued: 12 - dead }]),
      [`POST /admin/alerts/${CLASICO.tipId}/retry`]: () => {
        dead = 0;
        return { body: { success: true, retried: 12, message: '12 avisos vuelven a la cola.' } };
      },
    });
    const button = await screen.findByRole('button', {
      name: 'Reintentar descartados (12) de «Real Madrid vs Barcelona»',
    });

    await ui.click(button);
    const dialog = screen.getByRole('alertdialog', { name: '¿Reintentar los avisos descartados?' });
    expect(dialog).toHaveTextContent('12 avisos de «Real Madrid vs Barcelona» volverán a la cola');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.called('POST', `/admin/alerts/${CLASICO.tipId}/retry`)).toHaveLength(0);

    await ui.click(button);
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reintentar' }),
    );
    const notice = await screen.findByText('12 avisos vuelven a la cola.');
    expect(notice).toHaveAttribute('role', 'status');
    expect(api.called('POST', `/admin/alerts/${CLASICO.tipId}/retry`)).toHaveLength(1);
    await waitFor(() =>
      expect(
        within(rowOf('Real Madrid vs Barcelona')).queryByRole('button'),
      ).not.toBeInTheDocument(),
    );
    expect(within(rowOf('Real Madrid vs Barcelona')).getAllByRole('cell')[1]).toHaveTextContent(
      '12',
    );
    // The button it was on is gone: the notice holds the focus.
    await waitFor(() => expect(notice).toHaveFocus());
  });

  it('shows the server’s reason when the retry fails', async () => {
    const { ui } = openTab({
      'GET /admin/alerts': answer([CLASICO]),
      [`POST /admin/alerts/${CLASICO.tipId}/retry`]: {
        status: 404,
        body: { success: false, message: 'Tip no encontrado', code: 'NOT_FOUND' },
      },
    });
    await ui.click(await screen.findByRole('button', { name: /Reintentar descartados \(12\)/ }));
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reintentar' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al reintentar los avisos');
    expect(alert).toHaveTextContent('Tip no encontrado');
  });

  it('pages through the tips', async () => {
    const { api, ui } = openTab({
      'GET /admin/alerts': ({ query }) =>
        query.get('page') === '2' ? answer([DERBI], 2, 2) : answer([CLASICO], 1, 2),
    });
    await screen.findByRole('rowheader', { name: /Real Madrid vs Barcelona/ });
    await ui.click(
      within(screen.getByRole('navigation', { name: 'Páginas de avisos' })).getByRole('button', {
        name: 'Siguiente',
      }),
    );
    expect(await screen.findByRole('rowheader', { name: /Atlético vs Sevilla/ })).toBeVisible();
    expect(api.called('GET', '/admin/alerts').at(-1)?.query.get('page')).toBe('2');
  });
});
