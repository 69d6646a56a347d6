import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../test/api-double';
import { openAccount } from './testing/open-account';

const card = () => screen.getByRole('region', { name: 'Límite de gasto mensual' });
const view = (spendLimit: Record<string, unknown>, message?: string) =>
  json({
    success: true,
    ...(message ? { message } : {}),
    spendLimit: {
      monthlyLimit: null,
      pendingLimit: null,
      pendingFrom: null,
      spentThisMonth: 0,
      left: null,
      ...spendLimit,
    },
  });

describe('Límite de gasto mensual', () => {
  it('shows the limit, what was spent and what is left, and a raise waiting with its date', async () => {
    await openAccount({
      'GET /account/spend-limit': () =>
        view({
          monthlyLimit: 50,
          spentThisMonth: 12.5,
          left: 37.5,
          pendingLimit: 80,
          pendingFrom: '2026-12-05T14:30:00.000Z',
        }),
    });
    expect(await within(card()).findByText('$50.00 USD')).toBeInTheDocument();
    expect(within(card()).getByText('$12.50 USD')).toBeInTheDocument();
    expect(within(card()).getByText('$37.50 USD')).toBeInTheDocument();
    expect(
      within(card()).getByText('$80.00 USD desde el 5 de diciembre de 2026 a las 14:30 UTC'),
    ).toBeInTheDocument();
  });

  it('reads a Spanish amount, asks before saving, then shows the server’s answer', async () => {
    const { ui, api } = await openAccount({
      'PUT /account/spend-limit': () =>
        view({ monthlyLimit: 1234.56, left: 1234.56 }, 'Límite de gasto guardado.'),
    });
    const input = await within(card()).findByRole('textbox', { name: 'Límite mensual (USD)' });
    await ui.type(input, '1.234,56');
    await ui.click(within(card()).getByRole('button', { name: 'Guardar límite' }));
    expect(within(card()).getByText(/sin separador de miles/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /account/spend-limit')).toHaveLength(0);

    await ui.clear(input);
    await ui.type(input, '1234,56');
    await ui.click(within(card()).getByRole('button', { name: 'Guardar límite' }));
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Fijar tu límite en $1234.56 USD al mes?',
    });
    await ui.click(within(dialog).getByRole('button', { name: 'Guardar límite' }));
    expect(await within(card()).findByText('Límite de gasto guardado.')).toBeInTheDocument();
    expect(api.callsTo('PUT /account/spend-limit')[0]?.body).toEqual({ monthlyLimit: 1234.56 });
    expect(within(card()).getAllByText('$1234.56 USD')).toHaveLength(2);
  });

  it('warns that a raise waits 72 hours', async () => {
    const { ui } = await openAccount({
      'GET /account/spend-limit': () => view({ monthlyLimit: 20, left: 20 }),
    });
    await ui.type(
      await within(card()).findByRole('textbox', { name: 'Nuevo límite mensual (USD)' }),
      '30',
    );
    await ui.click(within(card()).getByRole('button', { name: 'Guardar límite' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Es un aumento: se aplicará dentro de 72 horas.',
    );
  });

  it('asks before removing, and can be cancelled', async () => {
    const { ui, api } = await openAccount({
      'GET /account/spend-limit': () => view({ monthlyLimit: 20, left: 20 }),
      'PUT /account/spend-limit': () =>
        view(
          { monthlyLimit: 20, left: 20, pendingFrom: '2026-12-05T14:30:00.000Z' },
          'Has pedido quitar tu límite.',
        ),
    });
    await ui.click(await within(card()).findByRole('button', { name: 'Quitar límite' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Quitar tu límite de gasto mensual?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('PUT /account/spend-limit')).toHaveLength(0);
    await ui.click(within(card()).getByRole('button', { name: 'Quitar límite' }));
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Quitar límite' }),
    );
    expect(
      await within(card()).findByText('Sin límite desde el 5 de diciembre de 2026 a las 14:30 UTC'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /account/spend-limit')[0]?.body).toEqual({ monthlyLimit: null });
    expect(within(card()).queryByRole('button', { name: 'Quitar límite' })).toBeNull();
  });

  it('shows a load failure with a retry, and the server’s refusal of a save', async () => {
    let fail = true;
    const { ui } = await openAccount({
      'GET /account/spend-limit': () =>
        fail ? apiError(500, 'Error interno del servidor', 'INTERNAL_ERROR') : view({}),
      'PUT /account/spend-limit': () =>
        apiError(400, 'El límite mensual no puede superar $10000.00 USD.', 'VALIDATION_ERROR'),
    });
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Error al cargar tu límite de gasto',
    );
    fail = false;
    await ui.click(within(card()).getByRole('button', { name: 'Reintentar' }));
    await ui.type(
      await within(card()).findByRole('textbox', { name: 'Límite mensual (USD)' }),
      '50',
    );
    await ui.click(within(card()).getByRole('button', { name: 'Guardar límite' }));
    await ui.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Guardar límite' }),
    );
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'El límite mensual no puede superar $10000.00 USD.',
    );
  });
});
