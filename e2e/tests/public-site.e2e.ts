import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptDisclaimerUpFront,
  DESKTOP,
  openBrowser,
  PHONE,
  type Session,
  screenshot,
  seriousAxeViolations,
} from '../support/browser';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('public site', () => {
  it('shows the disclaimer on a first visit and never again once accepted, also after reload', async () => {
    s = await openBrowser();
    const { page } = s;
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('21');
    await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Aceptar y continuar' }).count()).toBe(0);
    await page.goto('/docs');
    await page.getByRole('tablist').waitFor();
    expect(await page.getByRole('button', { name: 'Aceptar y continuar' }).count()).toBe(0);
  });

  it('opens the terms at /docs#terminos and falls back to privacy for an unknown hash', async () => {
    s = await openBrowser();
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    await page.goto('/docs#terminos');
    const selected = page.getByRole('tab', { selected: true });
    await expect.poll(() => selected.textContent()).toMatch(/Términos/);
    await expect.poll(() => page.getByRole('tabpanel').textContent()).toMatch(/renueva|renovación/i);

    await page.goto('/docs#nada');
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toMatch(/Privacidad/);

    await page.getByRole('tab', { name: /Disclaimer|Aviso/ }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#disclaimer');
  });

  it('shows the 404 page for an unknown path, with home and login links', async () => {
    s = await openBrowser();
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    await page.goto('/esto-no-existe');
    await page.getByRole('heading', { name: 'Página no encontrada' }).waitFor();
    expect(await page.getByRole('link', { name: /inicio/i }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /iniciar sesión/i }).count()).toBe(1);
  });

  it('shows one free analysis card that leads a visitor to /login', async () => {
    s = await openBrowser();
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    await page.goto('/');
    const read = page.getByRole('button', { name: 'Leer análisis completo' });
    await read.first().waitFor();
    expect(await read.count()).toBe(1);
    // The preview leads with the next free match still to come (issue 13 item 17): in the demo
    // seed, Lakers vs. Celtics in five hours (Real Madrid vs. Barcelona is already under way).
    expect(await page.getByText('Lakers vs. Celtics').count()).toBeGreaterThan(0);
    await read.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
  });

  it('has no serious or critical accessibility violation and no console error', async () => {
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      s = await openBrowser(viewport);
      const errors: string[] = [];
      s.page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      s.page.on('pageerror', (e) => errors.push(e.message));
      const { page } = s;
      await page.goto('/');
      await page.getByRole('button', { name: 'Leer análisis completo' }).waitFor();
      await screenshot(page, `landing-disclaimer-${name}`);
      await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
      await screenshot(page, `landing-${name}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      for (const path of ['/docs#terminos', '/privacidad', '/no-existe']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await screenshot(page, `${path.replace(/[^a-z]/g, '') || 'root'}-${name}`);
        expect(await seriousAxeViolations(page), path).toEqual([]);
      }
      expect(errors).toEqual([]);
      await s.close();
      s = undefined;
    }
  });
});
