import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
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

  it('bounds the duration input to 1–120 months; the price is typed as text (decision 0035)', () => {
    renderForm();
    const duration = screen.getByLabelText('Duración (meses)');
    expect(duration).toHaveAttribute('min', '1');
    expect(duration).toHaveAttribute('max', '120');
    expect(screen.getByLabelText('Precio mensual (USD)')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Precio mensual (USD)')).toHaveAttribute('inputmode', 'decimal');
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
      grantsAllVipTips: true,
      includesPacks: true,
      trialDays: 0,
      yearlyPrice: null,
    });
  });

  it("shows 'Error al guardar el plan' with the server reason, in view and focused", async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderForm(PLAN, 409);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al guardar el plan');
    expect(alert).toHaveTextContent('Clave repetida');
    expect(alert).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(alert);
  });
});

const posted = (api: ReturnType<typeof renderForm>['api']) =>
  api.requests().filter((call) => call.method === 'POST');

describe('PlanForm: the key follows the name (issue 13, item 16)', () => {
  it('derives a slug from the name while the key is untouched', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Plan Trimestral');
    expect(screen.getByLabelText('Clave')).toHaveValue('plan-trimestral');
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Año VIP');
    expect(screen.getByLabelText('Clave')).toHaveValue('ano-vip');
  });

  it('stops deriving once the editor edits the key by hand, and sends the edited key', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Plan Trimestral');
    await user.type(screen.getByLabelText('Clave'), '-2026');
    expect(screen.getByLabelText('Clave')).toHaveValue('plan-trimestral-2026');
    await user.type(screen.getByLabelText('Nombre'), ' Plus');
    expect(screen.getByLabelText('Clave')).toHaveValue('plan-trimestral-2026');

    await user.type(screen.getByLabelText('Precio mensual (USD)'), '29,99');
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Plan creado.'));
    expect(posted(api)[0]?.body).toMatchObject({
      name: 'Plan Trimestral Plus',
      key: 'plan-trimestral-2026',
      price: 29.99,
    });
  });

  it('never changes the key of an existing plan (subscriptions refer to it)', async () => {
    renderForm(PLAN, 200);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Plan Premium Anual');
    expect(screen.getByLabelText('Clave')).toHaveValue('premium');
  });
});

describe('PlanForm: prices typed in Spanish (decision 0035)', () => {
  it('reads "9,99" as 9.99, showing $9.99 USD before saving', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Plan Semanal');
    await user.type(screen.getByLabelText('Precio mensual (USD)'), '9,99');
    expect(screen.getByText(/Se guardará como/)).toHaveTextContent('Se guardará como $9.99 USD');
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Plan creado.'));
    expect(posted(api)[0]?.body).toMatchObject({ key: 'plan-semanal', price: 9.99 });
  });

  it('refuses a thousands separator with its Spanish message', async () => {
    const { api } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Plan Anual');
    await user.type(screen.getByLabelText('Precio mensual (USD)'), '1.250,00');
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));
    expect(
      await screen.findByText(
        'Escribe el precio sin separador de miles: usa la coma o el punto solo para los centavos (ej.: 1250,50)',
      ),
    ).toBeVisible();
    expect(posted(api)).toHaveLength(0);
  });

  it('asks before saving a price above $500', async () => {
    const { api, onSaved } = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Plan Oro');
    await user.type(screen.getByLabelText('Precio mensual (USD)'), '999');
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Guardar el plan con un precio de $999.00 USD?',
    });
    expect(posted(api)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sí, guardar' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Plan creado.'));
    expect(posted(api)[0]?.body).toMatchObject({ price: 999 });
  });
});

describe('PlanForm: what the plan grants and its free trial (decisions 0097, 0098)', () => {
  it('refuses a plan that grants nothing and a trial beyond 30 days, with the contract texts', async () => {
    const { api } = renderForm(PLAN, 200);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Da acceso a todos los tips VIP' }));
    await user.click(screen.getByRole('checkbox', { name: 'Incluye los tips de todos los packs' }));
    await user.clear(screen.getByLabelText('Días de prueba gratuita'));
    await user.type(screen.getByLabelText('Días de prueba gratuita'), '31');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText('El plan debe dar acceso a todos los tips VIP o a los packs'),
    ).toBeVisible();
    expect(
      screen.getByText('Los días de prueba deben ser un número entero entre 0 y 30'),
    ).toBeVisible();
    expect(api.requests().some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves a packs-only plan with a 7-day trial', async () => {
    const { api, onSaved } = renderForm(PLAN, 200);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Da acceso a todos los tips VIP' }));
    await user.clear(screen.getByLabelText('Días de prueba gratuita'));
    await user.type(screen.getByLabelText('Días de prueba gratuita'), '7');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.requests().find((call) => call.method === 'PUT')?.body).toMatchObject({
      grantsAllVipTips: false,
      includesPacks: true,
      trialDays: 7,
    });
  });
});

describe('PlanForm: the optional yearly price (decision 0099)', () => {
  const yearlyField = () => screen.getByLabelText(PERIOD_TEXT.yearlyPriceLabel);

  it('reads a Spanish "179,99" and saves it; an empty field saves none', async () => {
    const { api, onSaved } = renderForm(PLAN, 200);
    const user = userEvent.setup();
    expect(yearlyField()).toHaveValue('');
    expect(yearlyField()).toHaveAccessibleDescription(
      expect.stringContaining(PERIOD_TEXT.yearlyPriceHint),
    );
    await user.type(yearlyField(), '179,99');
    expect(screen.getAllByText(/Se guardará como/).at(-1)).toHaveTextContent(
      'Se guardará como $179.99 USD',
    );
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledWith('Plan actualizado.'));
    expect(api.requests().find((call) => call.method === 'PUT')?.body).toMatchObject({
      price: 19.99,
      duration: 1,
      yearlyPrice: 179.99,
    });
  });

  it('shows an existing yearly price and saves none once cleared', async () => {
    const { api, onSaved } = renderForm({ ...PLAN, yearlyPrice: 179.99 }, 200);
    const user = userEvent.setup();
    expect(yearlyField()).toHaveValue('179.99');
    await user.clear(yearlyField());
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.requests().find((call) => call.method === 'PUT')?.body).toMatchObject({
      yearlyPrice: null,
    });
  });

  it('refuses a yearly price not below twelve months, under the field, with the contract text', async () => {
    const { api } = renderForm(PLAN, 200);
    const user = userEvent.setup();
    await user.type(yearlyField(), '239,88');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(PERIOD_TEXT.yearlyNotCheaper)).toBeVisible();
    expect(yearlyField()).toHaveAttribute('aria-invalid', 'true');
    expect(yearlyField()).toHaveAccessibleDescription(
      expect.stringContaining(PERIOD_TEXT.yearlyNotCheaper),
    );
    expect(api.requests().some((call) => call.method === 'PUT')).toBe(false);
  });

  it('refuses a yearly price on a plan of 12 months or more, and a malformed one', async () => {
    const { api } = renderForm(PLAN, 200);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Duración (meses)'));
    await user.type(screen.getByLabelText('Duración (meses)'), '12');
    await user.type(yearlyField(), '100');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(PERIOD_TEXT.yearlyTooLong)).toBeVisible();

    await user.clear(yearlyField());
    await user.type(yearlyField(), '1.250,00');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(
      await screen.findByText(
        'Escribe el precio sin separador de miles: usa la coma o el punto solo para los centavos (ej.: 1250,50)',
      ),
    ).toBeVisible();
    expect(api.requests().some((call) => call.method === 'PUT')).toBe(false);
  });
});
