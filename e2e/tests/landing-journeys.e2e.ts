import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api, freshAccount, type Json, tokenOf } from '../support/api';
import { collectErrors, DESKTOP, openBrowser, pageShot, PHONE, screenshot, seriousAxeViolations, type Session } from '../support/browser';
import { DEMO, signIn } from '../support/session';
import { confirmPurchase } from '../support/checkout';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';

// Issue 13 items 6, 7, 8, 12 and 13 as people walk them (decisions 0031 and 0033): a buyer finds
// what they paid for, a reader without access sees what VIP holds, a critical banner is on the
// first phone screen, anyone sees the prices, and a subscriber is told they already subscribe.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'clave-segura-1';
const WIDTHS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const USA_PACK = 'Pack Estados Unidos';

/** Only what the screen shows, from the top: the first screen a reader sees. */
async function firstScreenShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = await screenshot(page, name);
  await page.screenshot({ path: file, fullPage: false });
}

const packCard = (page: Page, name: string) =>
  page
    .getByRole('tabpanel', { name: 'Packs Disponibles' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('landing journeys (issue 13)', () => {
  for (const [width, viewport] of WIDTHS) {
    // (a) Item 6: buy a pack, follow the success page's link, read its tips in Tips VIP.
    it(`a buyer goes from the paid pack straight to its tips in Tips VIP (${width})`, async () => {
      const buyer = await freshAccount(`pack-tips-${width}`, { firstName: 'Bruno', lastName: 'Comprador' }, PASSWORD);
      s = await openBrowser(viewport);
      await signIn(s.context, buyer.email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/');
      await packCard(page, USA_PACK).getByRole('button', { name: 'Comprar' }).click();
      await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
      await confirmPurchase(page, '$14.99');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/api\/payments\/simulated\/checkout\//);
      await page.getByRole('button', { name: 'Pagar $14.99 USD' }).click();

      await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();
      const toTips = page.getByRole('link', { name: 'Ver los tips de mi pack' });
      expect(await toTips.getAttribute('href')).toBe('/?tab=vip');
      expect(await seriousAxeViolations(page), '/payment/success').toEqual([]);
      await pageShot(page, `landing-journeys-pack-success-${width}`);
      await toTips.click();

      // What the purchase holds, as the server records it: every published tip of the pack.
      const mine = await api('/packs/mis-packs', { token: buyer.token });
      const bought = (mine.body.data as { pack: { nombre: string }; tips: { title: string }[] }[]).find(
        (entry) => entry.pack.nombre === USA_PACK,
      );
      expect(bought?.tips.length).toBeGreaterThan(0);

      expect(await page.getByRole('tab', { name: 'Tips VIP' }).getAttribute('aria-selected')).toBe('true');
      const vip = page.getByRole('tabpanel', { name: 'Tips VIP' });
      const owned = vip.getByRole('region', { name: 'Tus tips VIP' });
      await owned.getByRole('article').first().waitFor();
      const titles = await owned.getByRole('article').getByRole('heading').allTextContents();
      expect(titles.sort()).toEqual(bought!.tips.map((tip) => tip.title).slice(0, 5).sort());
      expect(await vip.getByText('No hay tips VIP disponibles').count()).toBe(0);
      expect(await seriousAxeViolations(page), 'Tips VIP of a buyer').toEqual([]);
      await pageShot(page, `landing-journeys-buyer-vip-${width}`);

      await owned.getByRole('button', { name: 'Leer análisis completo' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/stake/);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);

      // Mis packs lists it, open, each tip a link to its page.
      await page.getByRole('tab', { name: 'Mis packs' }).click();
      const myPack = page.getByRole('tabpanel', { name: 'Mis packs' }).getByRole('article', { name: USA_PACK });
      await myPack.waitFor();
      expect(await myPack.getByRole('link').count()).toBe(bought!.tips.length);
      await pageShot(page, `landing-journeys-my-packs-${width}`);
      expect(errors).toEqual([]);
    });

    // (b) Item 12: prices before any account, and the way to them.
    it(`a visitor sees the plans and prices on / and Crear cuenta goes to /register?next=/subscription (${width})`, async () => {
      s = await openBrowser(viewport);
      const { page, context } = s;
      await context.addInitScript(() => {
        localStorage.setItem('disclaimerAccepted', 'true');
        localStorage.setItem('cookieNoticeAccepted', 'true');
      });
      await recordLayoutShifts(page);
      const errors = collectErrors(page);
      const { body } = await api('/subscriptions/plans');
      const plans = body.data as { name: string; price: number; duration: number }[];
      expect(plans.length).toBeGreaterThan(0);

      await page.goto('/');
      const section = page.getByRole('region', { name: 'Planes' });
      for (const plan of plans) {
        const card = section.getByRole('article', { name: plan.name, exact: true });
        await card.waitFor();
        const period = plan.duration === 1 ? '/ mes' : `/ ${plan.duration} meses`;
        expect(await card.textContent()).toContain(`$${plan.price.toFixed(2)} USD ${period}`);
      }
      await page.getByRole('heading', { name: 'Lakers vs. Celtics' }).waitFor();
      const cls = await layoutShift(page);
      console.log(`CLS del landing de visitante (${width}): ${cls.toFixed(3)}`);
      expect(cls, 'the plans arriving move nothing on screen').toBeLessThanOrEqual(0.1);
      expect(await seriousAxeViolations(page), '/ for a visitor').toEqual([]);
      await section.scrollIntoViewIfNeeded();
      await pageShot(page, `landing-journeys-visitor-plans-${width}`);

      await section.getByRole('link', { name: 'Crear cuenta' }).first().click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/register');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/subscription');
      expect(errors).toEqual([]);
    });

    // (c) Item 7: teasers instead of an empty state, and never the analysis.
    it(`a plain user sees locked VIP teasers with Desbloquear (${width})`, async () => {
      const reader = await freshAccount(`teasers-${width}`, { firstName: 'Lucía', lastName: 'Lectora' }, PASSWORD);
      s = await openBrowser(viewport);
      await signIn(s.context, reader.email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);
      const answers: Json[] = [];
      page.on('response', async (res) => {
        if (new URL(res.url()).pathname === '/api/packs/tips-vips') answers.push((await res.json()) as Json);
      });

      await page.goto('/');
      await page.getByRole('tab', { name: 'Tips VIP' }).click();
      const locked = page.getByRole('tabpanel', { name: 'Tips VIP' }).getByRole('region', { name: 'Tips VIP bloqueados' });
      const first = locked.getByRole('article').first();
      await first.waitFor();
      expect(await locked.getByRole('article').count()).toBeLessThanOrEqual(5);
      expect(await locked.getByRole('link', { name: 'Desbloquear' }).count()).toBe(await locked.getByRole('article').count());
      expect(await first.locator('time').count()).toBe(1);
      expect(await page.getByText('No hay tips VIP disponibles').count()).toBe(0);
      // The server sent cards only.
      await expect.poll(() => answers.length).toBe(1);
      for (const tip of answers[0]!.tips as Json[]) expect(tip).not.toHaveProperty('analisis');
      expect(await seriousAxeViolations(page), 'teasers').toEqual([]);
      await first.scrollIntoViewIfNeeded();
      await pageShot(page, `landing-journeys-teasers-${width}`);

      // By keyboard: the first Desbloquear leads to the tip's packs and plans (issue 31 item 5).
      await first.getByRole('link', { name: 'Desbloquear' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: 'Desbloquear este análisis' }).waitFor();
      expect(new URL(page.url()).pathname).toMatch(/^\/tip\//);
      // The browser itself logs the 403 that carries the locked view; nothing else may fail.
      expect(errors.filter((error) => !/status of 403/.test(error))).toEqual([]);
    });

    // (d) Item 8: a critical message is on the first screen of the signed-in landing.
    it(`the critical banner is on the first screen of the signed-in landing (${width})`, async () => {
      const text = `Aviso crítico de prueba ${width} ${Date.now()}`;
      const admin = await tokenOf(DEMO.admin);
      const posted = await api('/admin/messages', { method: 'POST', token: admin, body: { text, type: 'critical' } });
      expect(posted.status).toBe(201);
      try {
        s = await openBrowser(viewport);
        await signIn(s.context, DEMO.user);
        const { page } = s;
        await recordLayoutShifts(page);
        const errors = collectErrors(page);
        await page.goto('/');
        const banner = page.getByRole('alert').filter({ hasText: text });
        await banner.waitFor();
        await page.getByRole('tablist', { name: 'Packs y tips' }).waitFor();
        await packCard(page, 'Pack Clásicos de la Semana Pasada').waitFor();
        const box = await banner.boundingBox();
        expect(box).not.toBeNull();
        expect(box!.y).toBeGreaterThanOrEqual(0);
        expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
        // Nothing but the header stands above it.
        const heading = await page.getByRole('heading', { level: 1, name: /^Hola, / }).boundingBox();
        expect(box!.y).toBeLessThan(heading!.y);
        const cls = await layoutShift(page);
        console.log(`CLS del landing con sesión (${width}): ${cls.toFixed(3)}`);
        expect(cls, 'banner, packs and footer stay put').toBeLessThanOrEqual(0.1);
        expect(await seriousAxeViolations(page), 'signed-in landing').toEqual([]);
        await firstScreenShot(page, `landing-journeys-banner-first-screen-${width}`);
        await pageShot(page, `landing-journeys-banner-${width}`);
        expect(errors).toEqual([]);
      } finally {
        const list = await api('/admin/messages', { token: admin });
        for (const m of (list.body.messages as { id: string; text: string }[] | undefined) ?? []) {
          if (m.text === text) await api(`/admin/messages/${m.id}`, { method: 'DELETE', token: admin });
        }
      }
    });

    // (e) Item 13: the subscriber's notice, one sentence with its link inside.
    it(`a subscriber reads on /subscription, in one sentence, that they already subscribe (${width})`, async () => {
      s = await openBrowser(viewport);
      await signIn(s.context, DEMO.vip);
      const { page } = s;
      const errors = collectErrors(page);
      await page.goto('/subscription');
      await page.getByRole('heading', { level: 1, name: 'Elige tu plan' }).waitFor();
      const sentence = page.locator('.pay-alert--info .pay-alert__text');
      await sentence.waitFor();
      expect(await sentence.textContent()).toMatch(
        /^Ya tienes una suscripción activa \([^)]+\) hasta el \d{1,2} de [a-z]+ de \d{4}: puedes revisarla en tu panel\.$/,
      );
      const link = sentence.getByRole('link', { name: 'tu panel' });
      expect(await link.getAttribute('href')).toBe('/panel/cuenta');
      // One flow of text: the words before the link end on the line where the link starts, and
      // the notice comes before the first plan.
      const flow = await sentence.evaluate((p) => {
        const anchor = p.querySelector('a')!;
        const range = document.createRange();
        range.selectNodeContents(p.firstChild!);
        const rects = Array.from(range.getClientRects());
        const lastLine = rects[rects.length - 1]!;
        const linkLine = anchor.getClientRects()[0]!;
        const lineHeight = parseFloat(getComputedStyle(p).lineHeight);
        return {
          sameLine: Math.abs(lastLine.top - linkLine.top) < 2,
          lines: Math.round(p.getBoundingClientRect().height / lineHeight),
        };
      });
      expect(flow.sameLine).toBe(true);
      const firstPlan = await page.getByRole('radio').first().boundingBox();
      const notice = await sentence.boundingBox();
      expect(notice!.y).toBeLessThan(firstPlan!.y);
      console.log(`Aviso de suscriptor (${width}): ${flow.lines} línea(s)`);
      if (width === 'desktop') expect(flow.lines).toBe(1);
      expect(await seriousAxeViolations(page), '/subscription as a subscriber').toEqual([]);
      await pageShot(page, `landing-journeys-subscriber-notice-${width}`);

      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/panel/cuenta');
      expect(errors).toEqual([]);
    });
  }
});
