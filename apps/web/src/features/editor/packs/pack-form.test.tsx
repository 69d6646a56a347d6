import { MSG } from '@magotips/contracts/messages';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
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

function renderForm(pack?: typeof PACK, saveStatus = 200) {
  storeSession(EDITOR);
  const saved =
    saveStatus < 400
      ? { body: { success: true, data: PACK } }
      : {
          status: saveStatus,
          body: { success: false, message: 'Pack repetido', code: 'CONFLICT' },
        };
  const api = fakeApi(
    {
      'GET /tips': { body: tipsPage(VIP_TIPS, 1, 2, 100) },
      'POST /packs':
        saveStatus < 400 ? { status: 201, body: { success: true, data: PACK } } : saved,
      [`PUT /packs/${PACK._id}`]: saved,
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

  it('wants a price above 0', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Precio (USD)'), '0');
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

/** Fills everything but the price, which each test types. */
async function fillPack(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Nombre'), 'Pack NFL');
  await user.type(screen.getByLabelText('Descripción'), 'Lo mejor de la semana.');
  await user.click(await screen.findByRole('checkbox', { name: /Chiefs vs\. Bills/ }));
}
const posted = (api: ReturnType<typeof renderForm>['api']) =>
  api.requests().filter((call) => call.method === 'POST');

describe('PackForm: prices typed in Spanish (decision 0035)', () => {
  it('takes the price as text, not as a browser number field that reads it by locale', () => {
    renderForm();
    const price = screen.getByLabelText('Precio (USD)');
    expect(price).toHaveAttribute('type', 'text');
    expect(price).toHaveAttribute('inputmode', 'decimal');
    expect(price).toHaveAccessibleDescription(
      'Usa coma o punto para los centavos, sin separador de miles. Ej.: 12,50',
    );
  });

  it('reads "12,50" as 12.50: shows $12.50 USD before saving and sends 12.5', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await fillPack(user);
    await user.type(screen.getByLabelText('Precio (USD)'), '12,50');

    expect(screen.getByText('$12.50 USD')).toBeVisible();
    expect(screen.getByText(/Se guardará como/)).toHaveTextContent('Se guardará como $12.50 USD');
    await user.click(screen.getByRole('button', { name: 'Crear pack' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Pack creado.'));
    expect(posted(api)[0]?.body).toMatchObject({ precio: 12.5 });
  });

  it.each([
    ['1.250,00', MSG.priceThousands],
    ['1,250.00', MSG.priceThousands],
    ['12,5055', MSG.priceDecimals],
    ['-1', MSG.pricePositive],
    ['abc', MSG.pricePositive],
  ])('refuses %j with its Spanish message and sends nothing', async (typed, message) => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await fillPack(user);
    await user.type(screen.getByLabelText('Precio (USD)'), typed);
    expect(screen.queryByText(/Se guardará como/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear pack' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Precio (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(posted(api)).toHaveLength(0);
  });

  it('asks before saving a price above $500: Cancelar goes back to the price, Sí, guardar saves', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await fillPack(user);
    await user.type(screen.getByLabelText('Precio (USD)'), '1250');
    await user.click(screen.getByRole('button', { name: 'Crear pack' }));

    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Guardar el pack con un precio de $1250.00 USD?',
    });
    expect(posted(api)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Precio (USD)')).toHaveFocus();
    expect(posted(api)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Crear pack' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, guardar' }),
    );
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Pack creado.'));
    expect(posted(api)[0]?.body).toMatchObject({ precio: 1250 });
  });

  it('does not ask again for a price above $500 that was already saved', async () => {
    const { onSaved } = renderForm({ ...PACK, precio: 600 });
    const user = userEvent.setup();
    expect(screen.getByLabelText('Precio (USD)')).toHaveValue('600.00');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Pack actualizado.'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('PackForm: a failed save (issue 13, item 16)', () => {
  it('brings the error into view and focuses it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderForm(PACK, 409);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el pack');
    expect(alert).toHaveTextContent('Pack repetido');
    expect(alert).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(alert);
  });
});
