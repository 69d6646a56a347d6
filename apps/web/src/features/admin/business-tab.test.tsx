import { BUSINESS_MSG } from '@magotips/contracts/business';
import type { TUser } from '@magotips/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, authAnswer, json, makeUser, stubApi } from '../../../test/api-double';
import { renderWithApp, storeSession } from '../../../test/utils';
import AdminPage from './admin-page';
import { BUSINESS } from './testing/business-fixtures';

const ADMIN = makeUser({
  roles: [
    { name: 'user', assignedBy: null },
    { name: 'admin', assignedBy: null },
  ],
});

function openTab(
  routes: Parameters<typeof stubApi>[0],
  { user = ADMIN, at = '/panel/admin?tab=negocio' }: { user?: TUser; at?: string } = {},
) {
  storeSession(user, 'admin-token');
  const api = stubApi({ 'POST /auth/me_verify': () => authAnswer(user, 'admin-token'), ...routes });
  const view = renderWithApp(<AdminPage />, { at });
  return { ...view, api, ui: userEvent.setup() };
}

const panel = () => screen.getByRole('tabpanel', { name: 'Negocio' });
const card = (label: string) =>
  screen.getByRole('heading', { level: 3, name: label }).closest('li') as HTMLElement;
const businessCalls = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter(
    (c) => c.key.startsWith('GET /admin/business?') || c.key === 'GET /admin/business',
  );

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('AdminPage Negocio tab', () => {
  it('shows the figures beside the previous period, in Spanish formats', async () => {
    const { api } = openTab({ 'GET /admin/business': () => json(BUSINESS) });
    expect(screen.getByRole('tab', { name: 'Negocio', selected: true })).toBeVisible();
    expect(within(panel()).getByRole('heading', { level: 2, name: 'Negocio' })).toBeVisible();
    expect(await screen.findByText('$1.234,56 USD')).toBeVisible();
    // No period in the address: the API's default, which the inputs then show.
    expect(businessCalls(api)[0]?.key).toBe('GET /admin/business');
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-10-30');
    expect(screen.getByLabelText('Hasta')).toHaveValue('2026-11-28');

    const mrr = card('MRR');
    expect(mrr).toHaveTextContent('Periodo anterior: $1.000,00 USD');
    expect(mrr).toHaveTextContent('▲ sube $234,56 USD');
    expect(card('Suscriptores activos')).toHaveTextContent('86');
    expect(card('Suscriptores activos')).toHaveTextContent('▲ sube 6');
    expect(card('Cancelados')).toHaveTextContent('= sin cambios');
    expect(card('Churn')).toHaveTextContent('8,75 %');
    expect(card('Churn')).toHaveTextContent('▼ baja 0,58 puntos');
    expect(card('Conversión de prueba a pago')).toHaveTextContent('▲ sube 10,0 puntos');
    expect(card('Ingresos netos')).toHaveTextContent('$1.999,91 USD');
    expect(card('Ingreso medio por lector de pago')).toHaveTextContent(
      'Periodo anterior: $16,44 USD',
    );

    const revenue = screen.getByRole('table', { name: 'Ingresos por producto' });
    const premium = within(revenue).getByRole('rowheader', { name: 'Premium (mensual)' });
    expect(
      within(premium.closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['80', '$1.599,20 USD', '-$19,99 USD', '$1.579,21 USD']);
    const sources = screen.getByRole('table', { name: 'Registros y primeros pagos por origen' });
    expect(within(sources).getByRole('row', { name: /directo/ })).toHaveTextContent('1.250');
    const cohorts = screen.getByRole('table', { name: /Cohortes mensuales/ });
    expect(
      within(cohorts)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mes del primer pago', 'Lectores', 'M+1', 'M+2', 'M+3', 'M+4', 'M+5', 'M+6']);
    expect(within(cohorts).getByRole('row', { name: /oct 2026/ })).toHaveTextContent('85,5 %');
    const monthly = screen.getByRole('table', { name: /Por mes/ });
    expect(within(monthly).getByRole('row', { name: /nov 2026/ })).toHaveTextContent('-1,5');

    expect(screen.getByRole('img', { name: 'Registros y bajas por mes' })).toBeVisible();
    expect(
      screen.getByRole('img', { name: 'Yield mensual del historial' }),
    ).toHaveAccessibleDescription(/tabla «Por mes»/);
  });

  it('asks for the period typed, and keeps it in the address', async () => {
    const { api, ui, router } = openTab({ 'GET /admin/business': () => json(BUSINESS) });
    const from = await screen.findByLabelText('Desde');
    await screen.findByText('$1.234,56 USD');
    await ui.clear(from);
    await ui.type(from, '2026-01-01');
    await ui.clear(screen.getByLabelText('Hasta'));
    await ui.type(screen.getByLabelText('Hasta'), '2026-03-31');
    await ui.click(screen.getByRole('button', { name: 'Aplicar' }));

    await waitFor(() =>
      expect(businessCalls(api).at(-1)?.key).toBe(
        'GET /admin/business?from=2026-01-01&to=2026-03-31',
      ),
    );
    const address = new URLSearchParams(router.state.location.search);
    expect(address.get('tab')).toBe('negocio');
    expect(address.get('from')).toBe('2026-01-01');
    expect(address.get('to')).toBe('2026-03-31');
  });

  it('applies a quick period at once', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00.000Z'), toFake: ['Date'] });
    try {
      const { api, ui, router } = openTab({ 'GET /admin/business': () => json(BUSINESS) });
      await screen.findByText('$1.234,56 USD');
      await ui.click(screen.getByRole('button', { name: 'Últimos 90 días' }));
      await waitFor(() =>
        expect(businessCalls(api).at(-1)?.key).toBe(
          'GET /admin/business?from=2026-08-31&to=2026-11-28',
        ),
      );
      await ui.click(screen.getByRole('button', { name: 'Este año' }));
      await waitFor(() => expect(router.state.location.search).toContain('from=2026-01-01'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the period of the address, and shows the API’s 400 in Spanish', async () => {
    const { api } = openTab(
      { 'GET /admin/business': () => apiError(400, BUSINESS_MSG.fromAfterTo, 'VALIDATION_ERROR') },
      { at: '/panel/admin?tab=negocio&from=2026-05-01&to=2026-04-01' },
    );
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Periodo no válido');
    expect(alert).toHaveTextContent(BUSINESS_MSG.fromAfterTo);
    expect(businessCalls(api)[0]?.key).toBe('GET /admin/business?from=2026-05-01&to=2026-04-01');
    // The dates stay as typed, to be corrected.
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-05-01');
  });

  it('shows a failure with Reintentar, and an empty period', async () => {
    let fail = true;
    const empty = {
      ...BUSINESS,
      activeSubscribers: 0,
      activeAtStart: 0,
      revenueByProduct: [],
      signupsBySource: [],
      cohorts: [],
      referralRewards: [],
    };
    const { ui } = openTab({
      'GET /admin/business': () =>
        fail ? apiError(500, 'Error interno del servidor.') : json(empty),
    });
    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar las cifras de negocio');
    fail = false;
    await ui.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(
      await screen.findByText('No hay suscripciones, cobros ni registros en este periodo.'),
    ).toBeVisible();
  });

  it('downloads a table’s CSV with the admin’s token, under the server’s file name', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:csv');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { api, ui } = openTab({
        'GET /admin/business': () => json(BUSINESS),
        'GET /admin/business/export/revenueByProduct.csv': () =>
          new Response('\uFEFFProducto;Cobros\r\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition':
                'attachment; filename="negocio-revenueByProduct-2026-10-30-2026-11-28.csv"',
            },
          }),
      });
      const link = await screen.findByRole('link', {
        name: 'Descargar CSV: Ingresos por producto',
      });
      expect(link).toHaveAttribute(
        'href',
        '/api/admin/business/export/revenueByProduct.csv?from=2026-10-30&to=2026-11-28',
      );
      await ui.click(link);
      await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
      const call = api.calls.find((c) => c.key.includes('/export/revenueByProduct.csv'));
      expect(call?.key).toBe(
        'GET /admin/business/export/revenueByProduct.csv?from=2026-10-30&to=2026-11-28',
      );
      expect(call?.headers.get('authorization')).toBe('Bearer admin-token');
      expect(names).toEqual(['negocio-revenueByProduct-2026-10-30-2026-11-28.csv']);
    } finally {
      click.mockRestore();
    }
  });

  it('lists the free months given for invitations, with their CSV', async () => {
    openTab({ 'GET /admin/business': () => json(BUSINESS) });
    const table = await screen.findByRole('table', { name: 'Recompensas por invitación' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha', 'Invitó', 'Invitado', 'Meses gratis']);
    // 21:30 UTC is 22:30 in Madrid, the admin's zone, which the time names.
    const row = within(table).getByRole('row', { name: /20 nov 2026, 22:30 \(hora de España\)/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Ana Garcíaana@example.com',
      'Beatriz Lópezbea.lopez.con.un.correo.largo@example.com',
      '1',
    ]);
    expect(
      screen.getByRole('link', { name: 'Descargar CSV: Recompensas por invitación' }),
    ).toHaveAttribute(
      'href',
      '/api/admin/business/export/referralRewards.csv?from=2026-10-30&to=2026-11-28',
    );
  });

  it('says when no free month was given in the period, and still offers the CSV', async () => {
    openTab({ 'GET /admin/business': () => json({ ...BUSINESS, referralRewards: [] }) });
    expect(
      await screen.findByText('Ningún mes gratis dado en este periodo.', { exact: false }),
    ).toHaveTextContent('Recompensas por invitación: Ningún mes gratis dado en este periodo.');
    expect(screen.queryByRole('table', { name: 'Recompensas por invitación' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Descargar CSV: Recompensas por invitación' }),
    ).toBeVisible();
  });

  it('is not there for someone who is not an admin', () => {
    const editor = makeUser({
      roles: [
        { name: 'user', assignedBy: null },
        { name: 'editor', assignedBy: null },
      ],
    });
    const { api } = openTab({}, { user: editor });
    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
    expect(screen.queryByRole('tab', { name: 'Negocio' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.includes('/admin/'))).toEqual([]);
  });
});
