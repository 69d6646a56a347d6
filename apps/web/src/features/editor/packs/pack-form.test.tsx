import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../testing/fake-api';
import { EDITOR, managementTip, PACK, tipId, tipsPage } from '../testing/fixtures';
import { PackForm } from './pack-form';

const VIP_TIPS = [
  managementTip(1, {
    category: 'premium',
    title: 'Chiefs vs. Bills',
    matchDate: '2099-01-01T12:00:00.000Z',
  }),
  managementTip(2, {
    category: 'premium',
    title: 'Warriors vs. Nuggets',
    matchDate: '2099-01-01T12:00:00.000Z',
  }),
];

function renderForm(pack?: typeof PACK) {
  storeSession(EDITOR);
  const api = fakeApi(
    {
      'GET /tips': { body: tipsPage(VIP_TIPS, 1, 2, 100) },
      'POST /packs': { status: 201, body: { success: true, data: PACK } },
      [`PUT /packs/${PACK._id}`]: { body: { success: true, data: PACK } },
    },
    { user: EDITOR },
  );
  const onSaved = vi.fn();
  renderWithApp(<PackForm pack={pack} onCancel={vi.fn()} onSaved={onSaved} />);
  return { api, onSaved };
}

describe('PackForm', () => {
  it('shows the contract messages for every missing field', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await screen.findByText('Chiefs vs. Bills');

    await user.click(screen.getByRole('button', { name: 'Crear pack' }));

    expect(await screen.findByText('El nombre del pack es requerido')).toBeVisible();
    expect(screen.getByText('La descripción del pack es requerida')).toBeVisible();
    expect(screen.getByText('El precio es requerido')).toBeVisible();
    expect(screen.getByText('Debes seleccionar al menos un tip VIP')).toBeVisible();
    expect(api.calls().some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('wants a price above 0, with cents as the step', async () => {
    renderForm();
    const user = userEvent.setup();
    const price = screen.getByLabelText('Precio (USD)');
    expect(price).toHaveAttribute('step', '0.01');
    await user.type(price, '0');
    await user.click(screen.getByRole('button', { name: 'Crear pack' }));
    expect(await screen.findByText('El precio debe ser un número mayor a 0')).toBeVisible();
  });

  it('sends nombre, descripcion, precio, tip ids and activo', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Pack NFL');
    await user.type(screen.getByLabelText('Descripción'), 'Lo mejor de la semana.');
    await user.type(screen.getByLabelText('Precio (USD)'), '19.99');
    await user.click(await screen.findByRole('checkbox', { name: /Chiefs vs\. Bills/ }));
    await user.click(screen.getByRole('button', { name: 'Crear pack' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Pack creado.'));
    const post = api.requests().find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      nombre: 'Pack NFL',
      descripcion: 'Lo mejor de la semana.',
      precio: 19.99,
      tips: [tipId(1)],
      activo: true,
    });
  });

  it('edits a pack with its tips already selected', async () => {
    const { api, onSaved } = renderForm(PACK);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Nombre')).toHaveValue('Pack Estados Unidos');
    expect(await screen.findByRole('checkbox', { name: /Chiefs vs\. Bills/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Pack actualizado.'));
    expect(api.requests().find((call) => call.method === 'PUT')?.body).toMatchObject({
      precio: 14.99,
      tips: [tipId(1)],
    });
  });
});
