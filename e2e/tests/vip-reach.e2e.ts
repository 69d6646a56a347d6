import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptDisclaimerUpFront,
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  screenshot,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { premiumTipId } from '../support/api';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/session';

/** Issue 31 item 5: every VIP tip within reach (decisions 0108 and 0109). */
let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** The demo's VIP tip inside "Pack Fin de Semana Europeo". */
const PACKED_TIP = 'Alcaraz vs. Sinner';
const PACK = 'Pack Fin de Semana Europeo';

describe('every VIP tip within reach', () => {
  for (const [width, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    it(`a subscriber goes from the Tips VIP tab to an older VIP tip (${width})`, async () => {
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await signIn(s.context, DEMO.vip);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/?tab=vip');
      const tab = page.getByRole('tabpanel', { name: 'Tips VIP' });
      await tab.getByRole('article').first().waitFor();
      // The tab keeps its 5 cards.
      expect(await tab.getByRole('article').count()).toBeLessThanOrEqual(5);
      await tab.getByRole('link', { name: 'Ver todos los tips VIP' }).click();

      await page.getByRole('heading', { level: 1, name: 'Todos los tips VIP' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/panel/tips-vip');
      const upcoming = page.getByRole('region', { name: 'Próximos partidos' });
      await upcoming.getByRole('article').first().waitFor();
      expect(await seriousAxeViolations(page), 'list').toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
      await pageShot(page, `vip-reach-list-${width}`);

      // Keyset pages until an older tip is there, each page appended below the last.
      const past = page.getByRole('region', { name: 'Partidos pasados' });
      const more = page.getByRole('button', { name: 'Cargar más' });
      const loadMore = async () => {
        const before = await page.getByRole('article').count();
        await more.click();
        await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(before);
      };
      for (let i = 0; i < 5 && (await past.count()) === 0; i += 1) await loadMore();
      // One page further, when there is one: deeper into the past.
      if (await more.isVisible()) await loadMore();
      const older = past.getByRole('article').last();
      await older.scrollIntoViewIfNeeded();
      const when = await older.locator('time').first().getAttribute('datetime');
      expect(Date.parse(when ?? '')).toBeLessThan(Date.now());
      const title = (await older.getByRole('heading').first().textContent())?.trim() ?? '';
      await older.getByRole('button', { name: 'Leer análisis completo' }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await dialog.waitFor();
      // A reader of every VIP tip reads its analysis and bet.
      expect(await dialog.getByText('Análisis VIP').count()).toBe(0);
      expect(((await dialog.textContent()) ?? '').length).toBeGreaterThan(title.length + 40);
      expect(await seriousAxeViolations(page), 'older tip').toEqual([]);
      await screenshot(page, `vip-reach-older-${width}`, { fullPage: false });
      expect(errors).toEqual([]);
    });

    it(`a free user goes from "Desbloquear" to the pack that holds the tip (${width})`, async () => {
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await signIn(s.context, DEMO.user);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/?tab=vip');
      const teaser = page
        .getByRole('tabpanel', { name: 'Tips VIP' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: PACKED_TIP, exact: true }) });
      await teaser.waitFor();
      expect(await page.getByRole('link', { name: 'Ver todos los tips VIP' }).count()).toBe(0);
      await teaser.getByRole('link', { name: 'Desbloquear' }).click();

      const offers = page.getByRole('region', { name: 'Desbloquear este análisis' });
      await offers.waitFor();
      expect(new URL(page.url()).pathname).toBe(`/tip/${await premiumTipId(PACKED_TIP)}`);
      const packs = offers.getByRole('region', { name: 'Packs que incluyen este análisis' });
      await packs.getByText('$19.99 USD').first().waitFor();
      const plans = offers.getByRole('region', { name: 'Planes que lo incluyen' });
      await plans.getByRole('listitem').first().waitFor();
      // Cheapest first.
      const prices = (await plans.locator('.tip-locked__pack-price').allTextContents()).map((t) =>
        Number(/\$(\d+\.\d\d)/.exec(t)?.[1]),
      );
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      expect(await seriousAxeViolations(page), 'offers').toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
      await pageShot(page, `vip-reach-offers-${width}`);

      await packs.getByRole('button', { name: `Comprar ${PACK}` }).click();
      await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/purchase');
      await page.getByText(PACK).first().waitFor();
      expect(await seriousAxeViolations(page), 'purchase').toEqual([]);
      // The browser itself logs the 403 that carries the locked view; nothing else may fail.
      expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    });

    it(`a signed-out subscriber opens a shared VIP link, signs in and lands on the tip (${width})`, async () => {
      const id = await premiumTipId(PACKED_TIP);
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await acceptDisclaimerUpFront(s.context);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto(`/tip/${id}`);
      await page.getByRole('heading', { level: 1, name: PACKED_TIP }).waitFor();
      const signInLink = page.getByRole('link', { name: 'Inicia sesión', exact: true });
      await signInLink.waitFor();
      expect(await page.getByRole('link', { name: 'Hazte VIP' }).getAttribute('href')).toBe(
        '/subscription',
      );
      expect(await seriousAxeViolations(page), 'shared link').toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
      await pageShot(page, `vip-reach-shared-${width}`);

      await signInLink.click();
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/tip/${id}`);
      await page.getByLabel('Email').fill(DEMO.vip);
      await page.getByLabel('Contraseña', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();

      await expect.poll(() => new URL(page.url()).pathname).toBe(`/tip/${id}`);
      await page.getByRole('heading', { level: 1, name: PACKED_TIP }).waitFor();
      await page
        .getByText(/cuatro o cinco sets/i)
        .first()
        .waitFor();
      expect(await page.getByText('Análisis VIP').count()).toBe(0);
      expect(await seriousAxeViolations(page), 'tip after sign-in').toEqual([]);
      await pageShot(page, `vip-reach-landed-${width}`);
      // Only the signed-out 403 that carried the locked view, logged by the browser itself.
      expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
      expect(errors.length).toBeLessThanOrEqual(1);
    });
  }
});
