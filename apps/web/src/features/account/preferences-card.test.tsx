import { PROFILE_TEXT } from '@magotips/contracts/profile';
import { TIME_ZONE_TEXT } from '@magotips/contracts/time-zone';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, makeUser } from '../../../test/api-double';
import { openAccount } from './testing/open-account';

const card = () => screen.getByRole('region', { name: 'Preferencias' });

describe('Preferencias (decision 0114)', () => {
  it("shows the account's country and zone, saves a change and keeps the answer's user", async () => {
    const { ui, api } = await openAccount({
      'PATCH /auth/me': (body) =>
        json({ user: makeUser(body as object), message: PROFILE_TEXT.saved }),
    });
    const country = await within(card()).findByRole('combobox', { name: 'País' });
    const zone = within(card()).getByRole('combobox', { name: 'Zona horaria' });
    expect(country).toHaveDisplayValue('España');
    expect(zone).toHaveDisplayValue('España');

    // Mexico's main zone comes with the country; the zone can still be set apart.
    await ui.selectOptions(country, 'MX');
    expect(zone).toHaveDisplayValue('Ciudad de México');
    await ui.selectOptions(zone, 'America/Tijuana');
    await ui.click(within(card()).getByRole('button', { name: 'Guardar preferencias' }));

    expect(await within(card()).findByRole('status')).toHaveTextContent(PROFILE_TEXT.saved);
    expect(api.callsTo('PATCH /auth/me')[0]?.body).toEqual({
      country: 'MX',
      timeZone: 'America/Tijuana',
    });
    // The stored session now has them: every time on the site follows.
    const stored = JSON.parse(window.localStorage.getItem('user') ?? '{}') as {
      country?: string;
      timeZone?: string;
    };
    expect(stored).toMatchObject({ country: 'MX', timeZone: 'America/Tijuana' });
  });

  it("shows the server's refusal as an alert", async () => {
    const { ui } = await openAccount({
      'PATCH /auth/me': () => apiError(400, TIME_ZONE_TEXT.invalid, 'VALIDATION_ERROR'),
    });
    await ui.click(await within(card()).findByRole('button', { name: 'Guardar preferencias' }));
    expect(await within(card()).findByRole('alert')).toHaveTextContent(TIME_ZONE_TEXT.invalid);
    expect(within(card()).queryByRole('status')).toBeNull();
  });
});
