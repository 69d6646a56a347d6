import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, storeSession } from '../../../../test/utils';
import { fakeApi } from '../../../../test/fake-api';
import { EDITOR_ADMIN, PLAN } from '../testing/fixtures';
import { PlansPanel } from './plans-panel';

const FAIL = (message: string) => ({
  status: 500,
  body: { success: false, message, code: 'INTERNAL_ERROR' },
});

function renderPanel(handlers: Parameters<typeof fakeApi>[0]) {
  storeSession(EDITOR_ADMIN);
  const api = fakeApi(handlers, { user: EDITOR_ADMIN });
  renderWithApp(<PlansPanel />);
  return api;
}

describe('PlansPanel', () => {
  it("says 'Error al cargar los planes de suscripción' with Reintentar", async () => {
    renderPanel({ 'GET /subscriptions/admin/planes': FAIL('Caído') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al cargar los planes de suscripción');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  it('lists plans with price, duration, key and features', async () => {
    renderPanel({ 'GET /subscriptions/admin/planes': { body: { success: true, data: [PLAN] } } });
    const row = (await screen.findByRole('heading', { name: 'Plan Premium' })).closest('li')!;
    expect(row).toHaveTextContent('$19.99 USD al mes · 1 mes · clave premium');
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(PLAN.features);
  });

  it("toggles with PUT { isActive } and names a failure 'Error al actualizar el estado del plan'", async () => {
    const api = renderPanel({
      'GET /subscriptions/admin/planes': { body: { success: true, data: [PLAN] } },
      [`PUT /subscriptions/admin/planes/${PLAN._id}`]: FAIL('No se pudo'),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Activo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error al actualizar el estado del plan',
    );
    expect(api.requests().find((call) => call.method === 'PUT')?.body).toEqual({ isActive: false });
  });

  it('warns that deleting cannot be undone, and names a failure', async () => {
    const api = renderPanel({
      'GET /subscriptions/admin/planes': { body: { success: true, data: [PLAN] } },
      [`DELETE /subscriptions/admin/planes/${PLAN._id}`]: FAIL('Tiene suscriptores'),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Plan Premium' });

    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Estás seguro de que quieres eliminar este plan?',
    });
    expect(dialog).toHaveAccessibleDescription('«Plan Premium»: Esta acción no se puede deshacer.');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error al eliminar el plan');
    expect(alert).toHaveTextContent('Tiene suscriptores');
    expect(api.calls()).toContain(`DELETE /subscriptions/admin/planes/${PLAN._id}`);
  });

  it('after saving a new plan, its notice is in view and focused (issue 13, item 16)', async () => {
    renderPanel({
      'GET /subscriptions/admin/planes': { body: { success: true, data: [PLAN] } },
      'POST /subscriptions/admin/planes': { status: 201, body: { success: true, data: PLAN } },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Plan Premium' });
    await user.click(screen.getByRole('button', { name: 'Nuevo plan' }));
    await user.type(screen.getByLabelText('Nombre'), 'Plan Trimestral');
    await user.type(screen.getByLabelText('Precio mensual (USD)'), '49,99');
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(screen.getByRole('button', { name: 'Crear plan' }));

    const notice = await screen.findByText('Plan creado.');
    expect(notice).toHaveFocus();
    expect(scrolled.mock.contexts).toContain(notice);
  });
});
