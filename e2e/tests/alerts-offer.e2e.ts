import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api, freshAccount } from '../support/api';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  screenshot,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { confirmPurchase } from '../support/checkout';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { DEMO, signIn } from '../support/session';

// Issue 31 item 4 (decision 0107): a buyer is offered alerts on the success page, turns e-mail on
// in one tap, and the account's alerts card agrees.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'clave-segura-1';
const USA_PACK = 'Pack Estados Unidos';
const WIDTHS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;
const OFFER = '¿Te avisamos de cada tip nuevo?';

/** Only what the screen shows, from the top. */
async function firstScreenShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const file = await screenshot(page, name);
  await page.screenshot({ path: file, fullPage: false });
}

describe('alerts offered at the right moment (issue 31 item 4)', () => {
  for (const [width, viewport] of WIDTHS) {
    it(`a buyer turns e-mail alerts on from the success page in one tap (${width})`, async () => {
      const buyer = await freshAccount(
        `alerts-offer-${width}`,
        { firstName: 'Olga', lastName: 'Ofertas' },
        PASSWORD,
      );
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await signIn(s.context, buyer.email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/');
      await page
        .getByRole('tabpanel', { name: 'Packs Disponibles' })
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: USA_PACK, exact: true }) })
        .getByRole('button', { name: 'Comprar' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
      await confirmPurchase(page, '$14.99');
      await expect
        .poll(() => new URL(page.url()).pathname)
        .toMatch(/^\/api\/payments\/simulated\/checkout\//);
      await page.getByRole('button', { name: 'Pagar $14.99 USD' }).click();

      // The success page offers alerts, each channel as it stands: nothing on yet.
      await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();
      const offer = page.getByRole('region', { name: OFFER });
      await offer.waitFor();
      const row = (name: string) => offer.getByRole('listitem').filter({ hasText: name });
      const email = row('Por e-mail').getByRole('button', { name: 'Avisarme por e-mail' });
      await expect.poll(() => email.getAttribute('aria-disabled')).toBeNull();
      expect(await offer.getByText('Activado').count()).toBe(0);
      // The site in the journeys has no Telegram bot: the tap is there, disabled, and says why.
      const telegram = row('Por Telegram').getByRole('button', { name: 'Conectar Telegram' });
      await expect.poll(() => telegram.isDisabled()).toBe(true);
      expect(await row('Por Telegram').textContent()).toMatch(
        /Telegram no está disponible ahora mismo/,
      );
      expect(await seriousAxeViolations(page), 'the success page with the offer').toEqual([]);
      await firstScreenShot(page, `alerts-offer-success-${width}`);
      const cls = await layoutShift(page);
      expect(cls, `CLS /payment/success (${width})`).toBeLessThanOrEqual(0.1);

      // One tap, from the keyboard: e-mail is on, the focus stays in the row.
      await email.focus();
      await page.keyboard.press('Enter');
      const on = row('Por e-mail').getByText('Activado');
      await on.waitFor();
      expect(await row('Por e-mail').getByRole('button').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/Activado/);
      await offer.getByText('Avisos por e-mail activados.').waitFor();
      expect(await seriousAxeViolations(page), 'the offer after the tap').toEqual([]);
      await pageShot(page, `alerts-offer-email-on-${width}`);
      expect(await layoutShift(page), `CLS after the tap (${width})`).toBeLessThanOrEqual(0.1);

      // Saved as the account's preferences: free and VIP tips by e-mail, push untouched.
      const saved = await api('/alerts/preferences', { token: buyer.token });
      expect(saved.body.preferences).toEqual({
        email: { free: true, vip: true },
        push: { free: false, vip: false },
      });

      // The account card agrees.
      await page.goto('/panel/cuenta');
      const card = page.getByRole('region', { name: 'Avisos de nuevos tips' });
      const vipSwitch = card.getByRole('switch', { name: 'Tips VIP por e-mail' });
      await vipSwitch.waitFor();
      expect(await vipSwitch.isChecked()).toBe(true);
      expect(await card.getByRole('switch', { name: 'Tips gratis por e-mail' }).isChecked()).toBe(
        true,
      );
      expect(
        await card.getByRole('switch', { name: 'Tips VIP por notificación' }).isChecked(),
      ).toBe(false);

      expect(errors).toEqual([]);
    });
    it(`a subscriber is offered alerts on the first visit to Tips VIP, and not the next (${width})`, async () => {
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await signIn(s.context, DEMO.vip);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/?tab=vip');
      const vip = page.getByRole('tabpanel', { name: 'Tips VIP' });
      const offer = vip.getByRole('region', { name: OFFER });
      await offer.waitFor();
      await vip.getByRole('article').first().waitFor();
      await expect
        .poll(() =>
          offer.getByRole('button', { name: 'Avisarme por e-mail' }).getAttribute('aria-disabled'),
        )
        .toBeNull();
      expect(await seriousAxeViolations(page), 'Tips VIP with the offer').toEqual([]);
      await firstScreenShot(page, `alerts-offer-vip-${width}`);
      expect(await layoutShift(page), `CLS /?tab=vip (${width})`).toBeLessThanOrEqual(0.1);

      // The next visit on this device: straight to the tips.
      await page.reload();
      await vip.getByRole('article').first().waitFor();
      expect(await vip.getByRole('region', { name: OFFER }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  }
});
