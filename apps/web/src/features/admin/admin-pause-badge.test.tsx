import { dateInZoneText } from '@magotips/contracts/time-zone';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/api-double';
import { fakeAdminApi } from '../../../test/admin-fake-api';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import AdminPage from './admin-page';

// Decision 0116: admins see that an account is paused, and until when, with nothing to undo it.
const ADMIN: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'admin' }] };
const until = new Date(Date.now() + 45 * 24 * 60 * 60 * 1000);
const DATED = makeUser({
  _id: '33333333-3333-4333-8333-333333333333',
  firstName: 'Ana',
  lastName: 'Pérez',
  email: 'ana@example.com',
  roles: [
    { name: 'user', assignedBy: null },
    { name: 'editor', assignedBy: null },
  ],
  paused: true,
  pausedAt: new Date().toISOString(),
  pausedUntil: until.toISOString(),
  timeZone: 'America/Bogota',
});
const INDEFINITE = makeUser({
  _id: '55555555-5555-4555-8555-555555555555',
  firstName: 'Ulises',
  lastName: 'Usuario',
  email: 'ulises@example.com',
  paused: true,
  pausedAt: new Date().toISOString(),
  pausedUntil: null,
});
const page = (users: unknown[]) => ({
  body: { success: true, users, pagination: { page: 1, limit: 20, pages: 1, total: users.length } },
});

describe('AdminPage: a paused reader', () => {
  it('shows En pausa with the end date or indefinida, read only', async () => {
    storeSession(ADMIN);
    fakeAdminApi(
      {
        'GET /admin/all-users': ({ query }) =>
          query.has('exact') ? page([INDEFINITE]) : page([DATED]),
      },
      { user: ADMIN },
    );
    renderWithApp(<AdminPage />, { at: '/panel/admin' });
    const roles = await screen.findByRole('list', { name: 'Roles de Ana Pérez' });
    const ana = roles.closest('li.admin-user') as HTMLElement;
    expect(
      within(ana).getByText(`En pausa · hasta el ${dateInZoneText(until, 'America/Bogota')}`),
    ).toBeVisible();
    expect(within(ana).queryByRole('button', { name: /pausa/i })).toBeNull();

    const ui = userEvent.setup();
    await ui.type(
      screen.getByRole('searchbox', { name: 'E-mail o nombre completo' }),
      'ulises@example.com',
    );
    await ui.click(screen.getByRole('button', { name: 'Buscar' }));
    const found = await screen.findByRole('list', { name: 'Usuarios encontrados' });
    expect(within(found).getByText('En pausa · indefinida')).toBeVisible();
    expect(within(found).queryByRole('button', { name: /pausa/i })).toBeNull();
  });
});
