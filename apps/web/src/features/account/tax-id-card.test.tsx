import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json } from '../../../test/api-double';
import { openAccount } from './testing/open-account';

const card = () => screen.getByRole('region', { name: 'Datos fiscales para tus recibos' });

describe('Datos fiscales para tus recibos', () => {
  it('checks the id with the country’s rule before sending, then saves it normalised', async () => {
    const { ui, api } = await openAccount({
      'PUT /account/tax-id': (body) =>
        json({
          success: true,
          message: 'Datos fiscales guardados. Los próximos recibos los incluirán.',
          taxId: (body as { taxId: unknown }).taxId,
        }),
    });
    const form = await within(card()).findByRole('combobox', { name: 'País' });
    await ui.selectOptions(form, 'AR');
    const input = within(card()).getByRole('textbox', { name: 'CUIT' });
    await ui.type(input, '20-12345678-5');
    await ui.click(within(card()).getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(within(card()).getByText(/^El CUIT no es válido/)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT /account/tax-id')).toHaveLength(0);

    await ui.clear(input);
    await ui.type(input, '20-12345678-6');
    await ui.click(within(card()).getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await within(card()).findByText('20-12345678-6 (Argentina)')).toBeInTheDocument();
    expect(api.callsTo('PUT /account/tax-id')[0]?.body).toEqual({
      taxId: { country: 'AR', number: '20123456786' },
    });
    expect(within(card()).getByRole('status')).toHaveTextContent('Datos fiscales guardados.');
  });

  it('shows the server’s Spanish refusal', async () => {
    const { ui } = await openAccount({
      'PUT /account/tax-id': () =>
        apiError(400, 'El NIF no es válido: revisa la letra', 'VALIDATION_ERROR'),
    });
    await ui.selectOptions(await within(card()).findByRole('combobox', { name: 'País' }), 'ES');
    await ui.type(within(card()).getByRole('textbox', { name: 'NIF' }), '12345678Z');
    await ui.click(within(card()).getByRole('button', { name: 'Guardar datos fiscales' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'El NIF no es válido: revisa la letra',
    );
  });

  it('asks before removing it', async () => {
    const { ui, api } = await openAccount({
      'GET /account/tax-id': () =>
        json({ success: true, taxId: { country: 'ES', number: '12345678Z' } }),
      'PUT /account/tax-id': () =>
        json({ success: true, message: 'Datos fiscales eliminados.', taxId: null }),
    });
    expect(await within(card()).findByText('12345678Z (España)')).toBeInTheDocument();
    await ui.click(within(card()).getByRole('button', { name: 'Quitar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Quitar tu identificación fiscal?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.callsTo('PUT /account/tax-id')).toHaveLength(0);
    await ui.click(within(card()).getByRole('button', { name: 'Quitar' }));
    await ui.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Quitar' }));
    expect(await within(card()).findByRole('combobox', { name: 'País' })).toBeInTheDocument();
    expect(api.callsTo('PUT /account/tax-id')[0]?.body).toEqual({ taxId: null });
  });
});
