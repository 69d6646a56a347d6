import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { premiumTipId } from '../support/api';
import { DEMO, signIn } from '../support/session';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/** What the screen shows: an open dialog is fixed to the viewport, not to the page. */
async function viewShot(page: Page, name: string) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Every /api call the page makes, as 'METHOD /api/path'. */
function collectApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}


describe('registered landing: packs and tips', () => {
  it('a plain user sees packs with the right buttons, free tips in the modal and locked VIP teasers', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.user);
      const { page } = s;
      const errors = collectErrors(page);
      const calls = collectApiCalls(page);

      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: /^Hola, / }).waitFor();
      const available = page.getByRole('tabpanel', { name: 'Packs Disponibles' });
      const card = (packName: string) =>
        available
          .getByRole('article')
          .filter({ has: page.getByRole('heading', { name: packName, exact: true }) });
      await card('Pack Clásicos de la Semana Pasada').waitFor();

      // Every match of last week's pack is over.
      const past = card('Pack Clásicos de la Semana Pasada');
      expect(await past.getByRole('button', { name: 'No disponible' }).isDisabled()).toBe(true);
      expect(await past.getByText('$9.99 USD').count()).toBe(1);
      const europe = card('Pack Fin de Semana Europeo');
      expect(await europe.getByRole('button', { name: 'Comprar' }).isEnabled()).toBe(true);
      expect(await page.getByRole('link', { name: 'Suscribirse' }).getAttribute('href')).toBe(
        '/subscription',
      );
      // No hero for a signed-in user; a free card (not a subscriber) that opens the tip page.
      expect(await page.getByText('Crear cuenta gratis').count()).toBe(0);
      const freeCard = page.getByRole('region', { name: 'Análisis gratuito del día' });
      expect(
        await freeCard.getByRole('link', { name: /Leer análisis completo/ }).getAttribute('target'),
      ).toBe('_blank');

      await past.getByText('Ver 3 partidos').click();
      const matches = past.getByRole('listitem');
      expect(await matches.count()).toBe(3);
      expect(await matches.first().textContent()).toMatch(/Finalizado/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await pageShot(page, `registered-landing-${name}`);

      await page.getByRole('tab', { name: 'Tips Gratis' }).click();
      const freePanel = page.getByRole('tabpanel', { name: 'Tips Gratis' });
      await freePanel.getByRole('article').first().waitFor();
      expect(await freePanel.getByRole('article').count()).toBeLessThanOrEqual(5);
      await pageShot(page, `registered-landing-free-${name}`);
      await freePanel.getByRole('button', { name: 'Leer análisis completo' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // The first free card is the demo's clásico, an analysis without a bet.
      expect(await dialog.textContent()).toMatch(/Análisis sin apuesta/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await viewShot(page, `registered-landing-modal-${name}`);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await freePanel.getByRole('button', { name: 'Leer análisis completo' }).first().click();
      await dialog.getByRole('button', { name: 'Regresar' }).click();
      await expect.poll(() => dialog.count()).toBe(0);

      // Decision 0031 (issue 13 item 7): locked teasers rather than an empty state.
      await page.getByRole('tab', { name: 'Tips VIP' }).click();
      const teasers = page
        .getByRole('tabpanel', { name: 'Tips VIP' })
        .getByRole('region', { name: 'Tips VIP bloqueados' });
      await teasers.getByRole('link', { name: 'Desbloquear' }).first().waitFor();
      expect(await teasers.getByRole('button', { name: 'Leer análisis completo' }).count()).toBe(0);
      expect(calls).toContain('GET /api/packs/tips-gratis');
      expect(calls).toContain('GET /api/packs/tips-vips');

      await page.getByRole('tab', { name: 'Packs Disponibles' }).click();
      await europe.getByRole('button', { name: 'Comprar' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/purchase');
      const state = (await page.evaluate(
        () => (window.history.state as { usr?: unknown }).usr,
      )) as {
        type: string;
        item: { nombre: string; partidos: unknown[] };
      };
      expect(state.type).toBe('pack');
      expect(state.item.nombre).toBe('Pack Fin de Semana Europeo');
      expect(state.item.partidos.length).toBeGreaterThan(0);

      expect(errors).toEqual([]);
      await s.close();
      s = undefined;
    }
  });

  it('a subscriber reads VIP tips and is told the subscription is active', async () => {
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.vip);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto('/');
    const available = page.getByRole('tabpanel', { name: 'Packs Disponibles' });
    await available.getByText('Tienes una suscripción VIP activa').waitFor();
    expect(await page.getByRole('link', { name: 'Suscribirse' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Análisis gratuito del día' }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Tips VIP' }).click();
    const vip = page.getByRole('tabpanel', { name: 'Tips VIP' });
    await vip.getByRole('article').first().waitFor();
    expect(await vip.getByRole('article').count()).toBeLessThanOrEqual(5);
    await vip.getByRole('button', { name: 'Leer análisis completo' }).first().click();
    expect(await page.getByRole('dialog').textContent()).toMatch(/stake/);
    await viewShot(page, 'registered-landing-vip-desktop');
    expect(errors).toEqual([]);
  });

  it('a plain user opening a premium tip gets the locked view with Suscribirse and its packs', async () => {
    const id = await premiumTipId('Alcaraz vs. Sinner');
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.user);
      const { page } = s;
      const errors = collectErrors(page);
      await page.goto(`/tip/${id}`);
      await page
        .getByRole('heading', { level: 1, name: 'Alcaraz vs. Sinner' })
        .waitFor();
      await page.getByText('Análisis VIP').waitFor();
      expect(await page.getByRole('link', { name: 'Suscribirse' }).getAttribute('href')).toBe(
        '/subscription',
      );
      // The analysis itself never reaches this reader.
      expect(await page.getByText(/cuatro o cinco sets/).count()).toBe(0);
      const buy = page.getByRole('button', { name: 'Comprar Pack Fin de Semana Europeo' });
      await buy.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await pageShot(page, `tip-locked-${name}`);

      await buy.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/purchase');
      const state = (await page.evaluate(
        () => (window.history.state as { usr?: unknown }).usr,
      )) as {
        type: string;
        item: { _id: string; partidos: unknown[] };
      };
      expect(state.type).toBe('pack');
      expect(state.item.partidos.length).toBe(4);
      // The browser itself logs the 403 that carries the locked view; nothing else may fail.
      expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
      await s.close();
      s = undefined;
    }
  });

  it('a subscriber reads the premium tip on its own page', async () => {
    const id = await premiumTipId('Alcaraz vs. Sinner');
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.vip);
    const { page } = s;
    await page.goto(`/tip/${id}`);
    await page.getByText(/cuatro o cinco sets/).waitFor();
    expect(await page.getByText('Tenis').count()).toBe(1);
    await pageShot(page, 'tip-page-phone');
  });

  it('an unknown tip says Tip no encontrado', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.user);
    const { page } = s;
    await page.goto('/tip/00000000-0000-4000-8000-000000000000');
    await page.getByRole('heading', { name: 'Tip no encontrado' }).waitFor();
  });
});
