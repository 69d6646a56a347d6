import {
  GIFT_MSG,
  type TAdminGiftCode,
  type TGiftCodesResponse,
} from '@magotips/contracts/gift-codes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession, TEST_USER } from '../../../test/utils';
import type { TSessionUser } from '../../lib/session/session-user';
import AdminPage from './admin-page';
import { fakeAdminApi, type FakeHandler } from '../../../test/admin-fake-api';
import { GIFT_BATCH } from './testing/gift-fixtures';

const ADMIN: TSessionUser = { ...TEST_USER, roles: [{ name: 'user' }, { name: 'admin' }] };

const BATCH = GIFT_BATCH;
const CODES = ['MAGO-AAAA-BBBB-CCCC-DDDD', 'MAGO-EEEE-FFFF-GGGG-HHHH'];

const code = (id: string, patch: Partial<TAdminGiftCode>): TAdminGiftCode => ({
  _id: id,
  hint: 'DDDD',
  state: 'sin_usar',
  batch: BATCH,
  redeemedAt: null,
  redeemedBy: null,
  revokedAt: null,
  ...patch,
});
const UNUSED = code('aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', {});
const USED = code('bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', {
  hint: 'HHHH',
  state: 'canjeado',
  redeemedAt: '2026-06-02T10:00:00.000Z',
  redeemedBy: {
    _id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    name: 'Ana García',
    email: 'ana@example.com',
  },
});
const listed = (codes: TAdminGiftCode[]): { body: TGiftCodesResponse } => ({
  body: { success: true, codes, pagination: { page: 1, limit: 25, pages: 1, total: codes.length } },
});
const PLANS = {
  body: {
    success: true,
    data: [
      {
        _id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
        name: 'Plan Premium',
        key: 'premium',
        price: 19.99,
        duration: 1,
        features: [],
        isActive: true,
      },
    ],
  },
};

function openTab(handlers: Record<string, FakeHandler | { status?: number; body: unknown }>) {
  storeSession(ADMIN);
  const api = fakeAdminApi(
    {
      'GET /subscriptions/plans': PLANS,
      'GET /packs/disponibles': { body: { success: true, data: [] } },
      ...handlers,
    },
    { user: ADMIN },
  );
  const view = renderWithApp(<AdminPage />, { at: '/panel/admin?tab=codigos' });
  return { ...view, api, ui: userEvent.setup() };
}

const realObjectUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  URL.createObjectURL = realObjectUrl.create;
  URL.revokeObjectURL = realObjectUrl.revoke;
});

describe('AdminPage Códigos tab: making codes', () => {
  it('makes a batch, shows the codes once with a CSV download, and forgets them when told', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    // jsdom cannot follow a download link; the file's content is what matters.
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    const { api, ui } = openTab({
      'GET /admin/gift-codes': listed([]),
      'POST /admin/gift-codes': {
        status: 201,
        body: {
          success: true,
          message: 'Se han creado 2 códigos de regalo',
          batch: BATCH,
          codes: CODES,
        },
      },
    });
    expect(screen.getByRole('tab', { name: 'Códigos', selected: true })).toBeVisible();
    const form = screen.getByRole('form', { name: 'Nuevos códigos de regalo' });
    await ui.selectOptions(await within(form).findByLabelText('Plan'), 'premium');
    await ui.clear(within(form).getByLabelText('Meses'));
    await ui.type(within(form).getByLabelText('Meses'), '3');
    await ui.clear(within(form).getByLabelText('Cantidad de códigos'));
    await ui.type(within(form).getByLabelText('Cantidad de códigos'), '2');
    await ui.type(within(form).getByLabelText(/Nota/), 'Sorteo de junio');
    await ui.click(within(form).getByRole('button', { name: 'Crear códigos' }));

    const issued = await screen.findByRole('region', { name: 'Se han creado 2 códigos de regalo' });
    expect(api.called('POST', '/admin/gift-codes')[0]?.body).toEqual({
      type: 'plan',
      planKey: 'premium',
      months: 3,
      count: 2,
      expiresAt: null,
      note: 'Sorteo de junio',
    });
    expect(issued).toHaveTextContent('Cada código regala 3 meses de Plan Premium.');
    expect(issued).toHaveTextContent('no se volverán a mostrar');
    const list = within(issued).getByRole('list', { name: 'Códigos creados' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);

    await ui.click(within(issued).getByRole('button', { name: 'Descargar CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob).toBeInstanceOf(Blob);
    expect(await blob?.text()).toContain(
      'MAGO-AAAA-BBBB-CCCC-DDDD,Plan Premium,3,,Sorteo de junio',
    );

    await ui.click(within(issued).getByRole('button', { name: 'Ya los he guardado' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Ya has guardado los códigos?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Sí, cerrar' }));
    expect(screen.queryByText(CODES[0] ?? '')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Nuevos códigos de regalo' })).toBeVisible();
  });

  it('copies the codes, one a line, and says so', async () => {
    const { ui } = openTab({
      'GET /admin/gift-codes': listed([]),
      'POST /admin/gift-codes': {
        status: 201,
        body: {
          success: true,
          message: 'Se han creado 2 códigos de regalo',
          batch: BATCH,
          codes: CODES,
        },
      },
    });
    const form = screen.getByRole('form', { name: 'Nuevos códigos de regalo' });
    await ui.selectOptions(await within(form).findByLabelText('Plan'), 'premium');
    await ui.click(within(form).getByRole('button', { name: 'Crear códigos' }));
    const issued = await screen.findByRole('region', { name: 'Se han creado 2 códigos de regalo' });
    expect(issued).toHaveFocus();
    await ui.click(within(issued).getByRole('button', { name: 'Copiar códigos' }));
    expect(await within(issued).findByText('Códigos copiados al portapapeles.')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));
  });

  it('shows the contract’s Spanish texts next to the fields without calling the server', async () => {
    const { api, ui } = openTab({ 'GET /admin/gift-codes': listed([]) });
    const form = screen.getByRole('form', { name: 'Nuevos códigos de regalo' });
    await within(form).findByRole('option', { name: 'Plan Premium' });
    await ui.clear(within(form).getByLabelText('Meses'));
    await ui.type(within(form).getByLabelText('Meses'), '25');
    await ui.clear(within(form).getByLabelText('Cantidad de códigos'));
    await ui.type(within(form).getByLabelText('Cantidad de códigos'), '1001');
    await ui.click(within(form).getByRole('button', { name: 'Crear códigos' }));
    expect(await within(form).findByText(GIFT_MSG.planRequired)).toBeVisible();
    expect(within(form).getByLabelText('Meses')).toHaveAccessibleDescription(GIFT_MSG.months);
    expect(within(form).getByText(GIFT_MSG.count)).toBeVisible();
    expect(within(form).getByLabelText('Plan')).toHaveFocus();
    expect(api.called('POST', '/admin/gift-codes')).toHaveLength(0);
  });

  it('offers the packs for a pack batch and shows a refusal of the server', async () => {
    const { ui } = openTab({
      'GET /admin/gift-codes': listed([]),
      'GET /packs/disponibles': {
        body: {
          success: true,
          data: [
            {
              _id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
              nombre: 'Pack Champions',
              descripcion: '',
              precio: 9.99,
              isPurchased: false,
              packStatus: 'disponible',
              transactionInfo: null,
              partidos: [],
            },
          ],
        },
      },
      'POST /admin/gift-codes': {
        status: 404,
        body: {
          success: false,
          message: 'Pack no encontrado. Es posible que haya sido removido.',
          code: 'NOT_FOUND',
        },
      },
    });
    await ui.click(screen.getByRole('radio', { name: 'Un pack' }));
    await ui.selectOptions(await screen.findByLabelText('Pack'), 'Pack Champions');
    await ui.click(screen.getByRole('button', { name: 'Crear códigos' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al crear los códigos');
    expect(alert).toHaveTextContent('Pack no encontrado');
  });
});

describe('AdminPage Códigos tab: the list', () => {
  it('lists codes with their state and redeemer, never more than the last four symbols', async () => {
    openTab({ 'GET /admin/gift-codes': listed([UNUSED, USED]) });
    const table = await screen.findByRole('table', { name: 'Códigos de regalo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Código', 'Regalo', 'Lote', 'Estado']);
    const used = within(table)
      .getByRole('rowheader', { name: 'Terminado en HHHH' })
      .closest('tr') as HTMLElement;
    expect(used).toHaveTextContent('Plan Premium · 3 meses');
    expect(used).toHaveTextContent('Canjeado');
    expect(used).toHaveTextContent('Ana García (ana@example.com)');
    expect(within(used).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters by state, asking the server for it', async () => {
    const { api, ui } = openTab({
      'GET /admin/gift-codes': (req) => listed(req.query.get('state') ? [] : [UNUSED]),
    });
    await screen.findByRole('table', { name: 'Códigos de regalo' });
    await ui.selectOptions(screen.getByLabelText('Estado'), 'Caducado');
    expect(await screen.findByText('No hay códigos en estado «Caducado».')).toBeVisible();
    expect(api.called('GET', '/admin/gift-codes').at(-1)?.query.get('state')).toBe('caducado');
  });

  it('revokes an unused code after a confirmation', async () => {
    const { api, ui } = openTab({
      'GET /admin/gift-codes': listed([UNUSED]),
      [`DELETE /admin/gift-codes/${UNUSED._id}`]: {
        body: {
          success: true,
          message: GIFT_MSG.revoked,
          code: { ...UNUSED, state: 'revocado', revokedAt: '2026-06-02T10:00:00.000Z' },
        },
      },
    });
    await ui.click(
      await screen.findByRole('button', { name: 'Revocar el código terminado en DDDD' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: '¿Revocar este código?' });
    expect(dialog).toHaveTextContent(
      'El código terminado en DDDD (Plan Premium · 3 meses) dejará de poder canjearse.',
    );
    expect(api.called('DELETE', `/admin/gift-codes/${UNUSED._id}`)).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'Revocar' }));
    expect(await screen.findByText(`${GIFT_MSG.revoked} (…DDDD).`)).toBeVisible();
    expect(api.called('DELETE', `/admin/gift-codes/${UNUSED._id}`)).toHaveLength(1);
  });

  it('shows loading, then an error with a retry', async () => {
    let fail = true;
    const { ui } = openTab({
      'GET /admin/gift-codes': () =>
        fail
          ? {
              status: 500,
              body: {
                success: false,
                message: 'Error interno del servidor. Por favor, intenta más tarde.',
                code: 'INTERNAL_ERROR',
              },
            }
          : listed([]),
    });
    expect(screen.getByText('Cargando códigos...')).toBeVisible();
    expect(await screen.findByText('Error al cargar los códigos')).toBeVisible();
    fail = false;
    await ui.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() =>
      expect(screen.getByText('Aún no se ha creado ningún código.')).toBeVisible(),
    );
  });
});
