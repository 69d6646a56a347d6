import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp, storeSession } from '../../../test/utils';
import { fakeAdminApi } from '../../../test/admin-fake-api';
import { GlobalBanner } from './global-banner';

const at = '2026-06-01T12:00:00.000Z';
const MESSAGES = [
  { id: 'c3a1b2c3-0000-4000-8000-000000000003', text: 'Caída del servicio de pagos', type: 'critical', active: true, createdAt: at, updatedAt: at, endsAt: null },
  { id: 'c3a1b2c3-0000-4000-8000-000000000002', text: 'Mantenimiento esta noche', type: 'warn', active: true, createdAt: at, updatedAt: at, endsAt: null },
  { id: 'c3a1b2c3-0000-4000-8000-000000000001', text: 'Nuevo pack disponible', type: 'info', active: true, createdAt: at, updatedAt: at, endsAt: null },
];

afterEach(() => window.sessionStorage.clear());

describe('GlobalBanner', () => {
  it('shows each active message, critical ones as alerts and the rest as status, without sending the token', async () => {
    storeSession();
    const api = fakeAdminApi({ 'GET /messages': { body: { success: true, messages: MESSAGES } } });
    renderWithApp(<GlobalBanner />);

    const critical = await screen.findByRole('alert');
    expect(critical).toHaveTextContent('Crítico: Caída del servicio de pagos');
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Mantenimiento esta noche'),
      expect.stringContaining('Nuevo pack disponible'),
    ]);
    expect(critical).toHaveClass('global-banner__item--critical');
    expect(critical.style.getPropertyValue('--banner-bg')).toBe('#fee2e2');
    expect(api.called('GET', '/messages')[0]?.headers.get('Authorization')).toBeNull();
  });

  it('closes a message for the rest of the browser session', async () => {
    fakeAdminApi({ 'GET /messages': { body: { success: true, messages: MESSAGES } } });
    const user = userEvent.setup();
    const first = renderWithApp(<GlobalBanner />);
    await screen.findByRole('alert');

    await user.click(screen.getAllByRole('button', { name: 'Cerrar aviso' })[0]!);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(2);

    first.unmount();
    renderWithApp(<GlobalBanner />);
    await screen.findByText('Nuevo pack disponible');
    expect(screen.queryByText('Caída del servicio de pagos')).not.toBeInTheDocument();
  });

  it('renders nothing when there is nothing active or the call fails', async () => {
    const api = fakeAdminApi({ 'GET /messages': { status: 500, body: { success: false, message: 'x', code: 'INTERNAL_ERROR' } } });
    const { container } = renderWithApp(<GlobalBanner />);
    await waitFor(() => expect(api.called('GET', '/messages')).toHaveLength(1));
    expect(container).toBeEmptyDOMElement();
  });

  // Issue 29 item 15d: a page left open past a message's "Mostrar hasta" stops showing it.
  it('leaves out a message whose end has passed, even when the server sent it earlier', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    fakeAdminApi({
      'GET /messages': {
        body: {
          success: true,
          messages: [
            { ...MESSAGES[0], endsAt: past },
            { ...MESSAGES[1], endsAt: ahead },
          ],
        },
      },
    });
    renderWithApp(<GlobalBanner />);
    expect(await screen.findByText('Mantenimiento esta noche')).toBeVisible();
    expect(screen.queryByText('Caída del servicio de pagos')).not.toBeInTheDocument();
  });
});
