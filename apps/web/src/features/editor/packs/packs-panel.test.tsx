import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
import { EDITOR, PACK, tipsPage } from '../testing/fixtures';
import { PacksPanel } from './packs-panel';

function renderPanel(handlers: Parameters<typeof fakeApi>[0]) {
  storeSession(EDITOR);
  const api = fakeApi(handlers, { user: EDITOR });
  renderWithApp(<PacksPanel />);
  return api;
}

describe('PacksPanel', () => {
  it('lists the packs with price, tip count and the active switch', async () => {
    const api = renderPanel({
      'GET /packs': { body: { success: true, data: [PACK] } },
      [`PATCH /packs/${PACK._id}`]: { body: { success: true } },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Pack Estados Unidos' })).closest(
      'li',
    )!;
    expect(row).toHaveTextContent('$14.99 USD');
    expect(row).toHaveTextContent('1 tip VIP');

    await user.click(within(row).getByRole('switch', { name: 'Activo' }));

    expect(await screen.findByText('Pack desactivado.')).toBeVisible();
    // A toggle's notice is only announced: focus stays on the switch.
    expect(within(row).getByRole('switch', { name: 'Activo' })).toHaveFocus();
    expect(api.requests().find((call) => call.method === 'PATCH')?.body).toEqual({
      isActive: false,
    });
  });

  it('asks before deleting a pack', async () => {
    const api = renderPanel({
      'GET /packs': { body: { success: true, data: [PACK] } },
      [`DELETE /packs/${PACK._id}`]: {
        status: 409,
        body: { success: false, message: 'El pack tiene compras', code: 'CONFLICT' },
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Pack Estados Unidos' });

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Estás seguro de que quieres eliminar este pack?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al eliminar el pack');
    expect(alert).toHaveTextContent('El pack tiene compras');
    expect(api.calls()).toContain(`DELETE /packs/${PACK._id}`);
  });

  it('has loading, empty and error states', async () => {
    let answer: 'fail' | 'empty' = 'fail';
    renderPanel({
      'GET /packs': () =>
        answer === 'fail'
          ? { status: 500, body: { success: false, message: 'Caído', code: 'X' } }
          : { body: { success: true, data: [] } },
    });
    const user = userEvent.setup();
    expect(screen.getByText('Cargando packs...')).toBeVisible();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar los packs');
    answer = 'empty';
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText(/Todavía no hay packs/)).toBeVisible();
  });

  it('after saving a pack, its notice is in view and focused (issue 13, item 16)', async () => {
    renderPanel({
      'GET /packs': { body: { success: true, data: [PACK] } },
      'GET /tips': { body: tipsPage([], 1, 0) },
      [`PUT /packs/${PACK._id}`]: { body: { success: true, data: PACK } },
    });
    const user = userEvent.setup();
    const row = (await screen.findByRole('heading', { name: 'Pack Estados Unidos' })).closest(
      'li',
    )!;
    await user.click(within(row).getByRole('button', { name: 'Editar' }));
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const notice = await screen.findByText('Pack actualizado.');
    expect(notice).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(notice);

    // Opening the form again and cancelling does not pull focus back to the old notice.
    await user.click(screen.getByRole('button', { name: 'Nuevo pack' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('heading', { name: 'Pack Estados Unidos' })).toBeVisible();
    expect(screen.getByText('Pack actualizado.')).not.toHaveFocus();
  });
});
