import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, storeSession } from '../../../test/utils';
import { SiteHeader } from './site-header';

function navLinks() {
  const nav = screen.getByRole('navigation', { name: 'Principal' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('SiteHeader', () => {
  it('shows the brand, its tagline and a link home', () => {
    renderWithApp(<SiteHeader />);

    const brand = screen.getByRole('link', { name: /MagoTips/ });
    expect(brand).toHaveAttribute('href', '/');
    expect(brand).toHaveTextContent('El mago de los pronósticos deportivos');
  });

  it('offers Acceso and Registro to a visitor on the home page', () => {
    renderWithApp(<SiteHeader />, { at: '/' });

    expect(navLinks()).toEqual([
      ['Historial', '/historial'],
      ['Acceso', '/login'],
      ['Registro', '/register'],
    ]);
  });

  it('offers Panel to a signed-in user on the home page', () => {
    storeSession();
    renderWithApp(<SiteHeader />, { at: '/' });

    expect(navLinks()).toEqual([
      ['Historial', '/historial'],
      ['Panel', '/panel'],
    ]);
  });

  it.each(['/panel', '/panel/cuenta', '/login', '/register', '/docs'])(
    'offers only Inicio on %s, signed in or not',
    (path) => {
      const visitor = renderWithApp(<SiteHeader />, { at: path });
      expect(navLinks()).toEqual([['Inicio', '/']]);
      visitor.unmount();

      storeSession();
      renderWithApp(<SiteHeader />, { at: path });
      expect(navLinks()).toEqual([['Inicio', '/']]);
    },
  );

  it('offers Panel to a signed-in user on other pages', () => {
    storeSession();
    renderWithApp(<SiteHeader />, { at: '/privacidad' });

    expect(navLinks()).toEqual([
      ['Historial', '/historial'],
      ['Panel', '/panel'],
    ]);
  });

  it('treats a user without a token as a visitor', () => {
    storeSession();
    window.localStorage.removeItem('token');
    renderWithApp(<SiteHeader />, { at: '/' });

    expect(navLinks().map(([label]) => label)).toEqual(['Historial', 'Acceso', 'Registro']);
  });

  it('offers Historial on /historial too, marked as the current page, beside Inicio', () => {
    renderWithApp(<SiteHeader />, { at: '/historial' });

    expect(navLinks()).toEqual([
      ['Historial', '/historial'],
      ['Inicio', '/'],
    ]);
    expect(screen.getByRole('link', { name: 'Historial' })).toHaveAttribute('aria-current', 'page');
  });
});
