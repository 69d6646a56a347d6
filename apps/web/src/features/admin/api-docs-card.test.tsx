import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import { fakeAdminApi } from '../../../test/admin-fake-api';
import type { TSessionUser } from '../../lib/session/session-user';
import AdminPage from './admin-page';
import { API_DOCS_FILE } from './components/api-docs-card';

const ADMIN: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'admin' }] };
const USERS = { body: { success: true, users: [], pagination: { page: 1, limit: 20, pages: 0, total: 0 } } };

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  vi.restoreAllMocks();
  // Put back what jsdom had (nothing): other files may share this environment.
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

function stubDownload() {
  const blobs: Blob[] = [];
  // jsdom has no object URLs; the anchor's click is the browser's download.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:docs';
  });
  URL.revokeObjectURL = vi.fn();
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
  return { blobs, clicked };
}

describe('the API documentation card (issue 29 item 3)', () => {
  it("downloads the OpenAPI document with the admin's session", async () => {
    storeSession(ADMIN);
    const api = fakeAdminApi(
      {
        'GET /admin/all-users': USERS,
        'GET /docs/json': { body: { openapi: '3.1.0', paths: { '/api/health': {} } } },
      },
      { user: ADMIN },
    );
    const download = stubDownload();
    renderWithApp(<AdminPage />, { at: '/panel/admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar OpenAPI (JSON)' }));
    await waitFor(() => expect(download.clicked).toHaveLength(1));
    expect(download.clicked[0]?.download).toBe(API_DOCS_FILE);
    const [call] = api.called('GET', '/docs/json');
    expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(JSON.parse(await (download.blobs[0] as Blob).text())).toMatchObject({ openapi: '3.1.0' });
  });

  it("shows the server's reason when the document is refused", async () => {
    storeSession(ADMIN);
    fakeAdminApi(
      {
        'GET /admin/all-users': USERS,
        'GET /docs/json': {
          status: 403,
          body: { success: false, message: 'No tienes permisos para realizar esta acción.', code: 'FORBIDDEN' },
        },
      },
      { user: ADMIN },
    );
    const download = stubDownload();
    renderWithApp(<AdminPage />, { at: '/panel/admin' });
    await userEvent.click(await screen.findByRole('button', { name: 'Descargar OpenAPI (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No tienes permisos para realizar esta acción.');
    expect(download.clicked).toEqual([]);
  });
});
