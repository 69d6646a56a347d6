import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/api-double';
import { stubBrowserZone } from '../../../test/browser-zone';
import { renderWithApp, storeSession } from '../../../test/utils';
import { SiteFooter } from './site-footer';

function footer() {
  return screen.getByRole('contentinfo');
}

describe('the footer’s responsible-play line (decision 0115)', () => {
  it("names Mexico's help for a reader whose account is in Mexico", () => {
    // The browser says Spain: the account's country wins.
    stubBrowserZone('Europe/Madrid');
    storeSession(makeUser({ country: 'MX', timeZone: 'America/Mexico_City' }));
    renderWithApp(<SiteFooter />);
    expect(within(footer()).getByText('+21 · Juega con responsabilidad')).toBeVisible();
    const help = within(footer()).getByRole('link', { name: 'Línea de la Vida' });
    expect(help).toHaveAttribute('href', 'https://www.gob.mx/salud/conadic');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(footer()).getByRole('link', { name: '800 911 2000' })).toHaveAttribute(
      'href',
      'tel:8009112000',
    );
    expect(within(footer()).queryByRole('link', { name: /Jugar Bien/ })).toBeNull();
  });

  it('gives a visitor in Tokyo the generic resource', () => {
    stubBrowserZone('Asia/Tokyo');
    renderWithApp(<SiteFooter />);
    expect(
      within(footer()).getByRole('link', { name: 'Gambling Therapy (ayuda en español)' }),
    ).toHaveAttribute('href', 'https://www.gamblingtherapy.org/es/');
  });

  it('gives a visitor in Spain Jugar Bien and the RGIAJ register', () => {
    stubBrowserZone('Europe/Madrid');
    renderWithApp(<SiteFooter />);
    expect(within(footer()).getByRole('link', { name: 'Jugar Bien (DGOJ)' })).toHaveAttribute(
      'href',
      'https://www.jugarbien.es',
    );
    expect(
      within(footer()).getByRole('link', { name: 'RGIAJ, registro de autoprohibición' }),
    ).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
