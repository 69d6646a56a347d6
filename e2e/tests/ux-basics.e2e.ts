import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { acceptDisclaimerUpFront, DESKTOP, openBrowser, PHONE, type Session, screenshot } from '../support/browser';
import { DEMO, signIn } from '../support/session';

// Issue 13 items 10, 11 and 17: scroll, focus never hidden under the sticky bars, Escape on the
// phone menu, the under-21 exit, the copyright line and the support address.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe('scroll', () => {
  it('a page opened by URL starts at the top; going back restores where the reader was', async () => {
    s = await openBrowser(PHONE);
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    await page.goto('/docs#terminos');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect.poll(() => scrollY(page)).toBe(1200);

    await page.goto('/');
    await page.getByRole('button', { name: 'Leer análisis completo' }).waitFor();
    // Long enough to have been scrolled to 1200, had it inherited the previous position.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(2500);
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/docs');
    await expect.poll(() => scrollY(page)).toBe(1200);
  });
});

describe('focus never hides under the sticky header or the cookie bar (WCAG 2.4.11)', () => {
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`tabbing through /register with the cookie bar shown (${label})`, async () => {
      s = await openBrowser(viewport);
      // The disclaimer accepted, the cookie notice not: the bar shows.
      await s.context.addInitScript(() => localStorage.setItem('disclaimerAccepted', 'true'));
      const { page } = s;
      await page.goto('/register');
      const bar = page.getByRole('complementary', { name: 'Aviso de cookies' });
      await bar.waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      const hidden: string[] = [];
      let reachedBar = false;
      for (let step = 0; step < 40 && !reachedBar; step++) {
        await page.keyboard.press('Tab');
        const where = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const r = el.getBoundingClientRect();
          const header = document.querySelector('.site-header')?.getBoundingClientRect();
          const cookie = document.querySelector('.cookie-notice');
          const barTop = cookie?.getBoundingClientRect().top ?? window.innerHeight;
          return {
            name: `${el.tagName} ${el.getAttribute('name') ?? el.textContent?.trim().slice(0, 30) ?? ''}`,
            inBar: cookie?.contains(el) ?? false,
            // The skip link and the header's own links sit on top by design.
            inHeader: (document.querySelector('.site-header')?.contains(el) ?? false) || el.classList.contains('skip-link'),
            top: r.top,
            bottom: r.bottom,
            headerBottom: header?.bottom ?? 0,
            barTop,
          };
        });
        if (!where) continue;
        if (where.inBar) {
          reachedBar = true;
          break;
        }
        if (where.inHeader) continue;
        if (where.top < where.headerBottom - 1 || where.bottom > where.barTop + 1) hidden.push(where.name);
      }
      expect(reachedBar).toBe(true);
      expect(hidden).toEqual([]);
      await screenshot(page, `register-cookie-bar-focus-${label}`);
    });
  }
});

describe('small things', () => {
  it('Escape closes the phone menu of the panel and gives focus back to its button', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.user);
    const { page } = s;
    await page.goto('/panel/cuenta');
    const menu = page.getByRole('button', { name: 'Menú del panel' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('someone under 21 leaves from the age notice without entering', async () => {
    s = await openBrowser(PHONE);
    // No network beyond this machine: the exit's destination is answered here.
    await s.context.route('https://www.jugarbien.es/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Jugar bien</title><h1>Jugar bien</h1>' }),
    );
    const { page } = s;
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Antes de continuar' });
    await dialog.waitFor();
    await screenshot(page, 'age-notice-phone');
    await dialog.getByRole('button', { name: 'Soy menor de 21 – Salir' }).click();
    await expect.poll(() => page.url()).toBe('https://www.jugarbien.es/');
    expect(await page.evaluate(() => localStorage.getItem('disclaimerAccepted'))).toBeNull();
  });

  it('the footer runs to the current year and a failed payment check names the support address', async () => {
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.user);
    const { page } = s;
    await page.goto('/payment/success?session_id=sim_no_existe&type=pack');
    await page.getByRole('heading', { level: 1, name: 'Error en la Verificación' }).waitFor();
    const year = new Date().getFullYear();
    await page.getByRole('contentinfo').getByText(`© 2025–${year} MagoTips`).waitFor();
    const support = page.getByRole('link', { name: /^soporte@/ });
    expect(await support.getAttribute('href')).toMatch(/^mailto:soporte@/);
  });
});
