import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../testing/fake-api';
import { EDITOR_ADMIN, PLAN } from '../testing/fixtures';
import { PlanForm } from './plan-form';

function renderForm(plan?: typeof PLAN, saveStatus = 201) {
  storeSession(EDITOR_ADMIN);
  const answer =
    saveStatus < 400
      ? { status: saveStatus, body: { success: true, data: PLAN } }
      : {
          status: saveStatus,
          body: { success: false, message: 'Clave repetida', code: 'CONFLICT' },
        };
  const api = fakeApi(
    {
      'POST /subscriptions/admin/planes': answer,
      [`PUT /subscriptions/admin/planes/${PLAN._id}`]: answer,
    },
    { user: EDITOR_ADMIN },
  );
  const onSaved = vi.fn();
  renderWithApp(<PlanForm plan={plan} onCancel={vi.fn()} onSaved={onSaved} />);
  return { api, onSaved };
}

describe('PlanForm', () => {
  it('shows the contract messages for name, key, price and duration', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Duración (meses)'));
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));

    expect(await screen.findByText('El nombre del plan es requerido')).toBeVisible();
    expect(screen.getByText('La clave del plan es requerida')).toBeVisible();
    expect(screen.getByText('El precio es requerido')).toBeVisible();
    expect(screen.getByText('La duración debe ser un número entero mayor a 0')).toBeVisible();
    expect(api.calls()).toEqual([]);
  });

  it('accepts only lowercase letters, digits, hyphens and underscores in the key', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Clave'), 'Plan VIP');
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));
    expect(
      await screen.findByText(
        'La clave solo puede contener letras minúsculas, números, guiones y guiones bajos',
      ),
    ).toBeVisible();
  });

  it('bounds the duration input to 1–120 months and the price to cents', () => {
    renderForm();
    const duration = screen.getByLabelText('Duración (meses)');
    expect(duration).toHaveAttribute('min', '1');
    expect(duration).toHaveAttribute('max', '120');
    expect(screen.getByLabelText('Precio mensual (USD)')).toHaveAttribute('step', '0.01');
  });

  it('edits features line by line, each at most 200 characters, and drops blank lines', async () => {
    const { api, onSaved } = renderForm(PLAN, 200);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Beneficio 1')).toHaveValue('Todos los tips VIP');

    await user.click(screen.getByRole('button', { name: 'Quitar el beneficio 2' }));
    await user.click(screen.getByRole('button', { name: '+ Añadir beneficio' }));
    await user.click(screen.getByLabelText('Beneficio 2'));
    await user.paste('x'.repeat(201));
    await user.click(screen.getByRole('button', { name: '+ Añadir beneficio' }));
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cada beneficio no puede exceder 200 caracteres')).toBeVisible();

    await user.clear(screen.getByLabelText('Beneficio 2'));
    await user.type(screen.getByLabelText('Beneficio 2'), 'Sesiones en directo');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Plan actualizado.'));
    expect(api.requests().find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Plan Premium',
      key: 'premium',
      price: 19.99,
      duration: 1,
      features: ['Todos los tips VIP', 'Sesiones en directo'],
      isActive: true,
    });
  });

  it("shows 'Error al guardar el plan' with the server reason", async () => {
    renderForm(PLAN, 409);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el plan');
    expect(alert).toHaveTextContent('Clave repetida');
  });
});
