import { afterEach, describe, expect, inject, it } from 'vitest';
import { DESKTOP, openBrowser, PHONE, type Session } from '../support/browser';

// Decision 0061: a visitor's `/` arrives with the landing drawn in its HTML, so the first screen
// is there before (and without) the app's scripts; a browser holding a session gets the bare
// shell, since its home is another page.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

for (const [label, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  describe(`the visitor landing before the app's scripts (${label})`, () => {
    it('shows the header, the hero and its calls to action on the first screen, with working links', async () => {
      s = await openBrowser(viewport);
      const { page } = s;
      // No script of the app runs: what shows is the HTML alone.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/');
      const title = page.getByRole('heading', { level: 1, name: 'El mago de los pronósticos deportivos' });
      await title.waitFor();
      const box = await title.boundingBox();
      expect(box, 'the hero title is laid out').not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
      const register = page.getByRole('link', { name: 'Crear cuenta gratis' });
      expect(await register.getAttribute('href')).toBe('/register');
      expect(await register.isVisible()).toBe(true);
      expect(await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Acceso' }).isVisible()).toBe(true);
      // The styles apply (the entry's CSS holds the landing's): the hero's button is a gold pill.
      const background = await register.evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(background).toContain('gradient');
      // The whole landing is there, the footer after it.
      expect(await page.getByRole('heading', { name: 'Preguntas frecuentes' }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(1);
    });
  });
}

describe('the HTML of `/` for a browser that holds a session', () => {
  it('carries no visitor landing (its home is another page)', async () => {
    const res = await fetch(`${inject('baseUrl')}/`, { headers: { cookie: 'mt_signed_in=1' } });
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('hero__pitch');
  });
});
