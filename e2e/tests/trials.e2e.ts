import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api, freshAccount } from '../support/api';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { confirmTrial } from '../support/checkout';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { signIn } from '../support/session';
import { TRIAL_PLAN, TRIAL_PLAN_RADIO } from '../support/trial';

// Issue 30 items 1 and 2 on the simulated provider: the plans compare what they grant, the
// monthly plan of every VIP tip starts with 7 free days, the account says until when and what
// will be charged, and cancelling during the trial charges nothing.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'clave-segura-1';
const DAY = 86_400_000;

async function checkPage(page: Page, where: string): Promise<void> {
  expect(await seriousAxeViolations(page), where).toEqual([]);
  expect(await layoutShift(page), `CLS ${where}`).toBeLessThanOrEqual(0.1);
}

describe('a free trial, from the plans to a cancellation that charges nothing', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`starts a trial, sees it in the panel, cancels and is charged nothing (${name})`, async () => {
      const { email, token } = await freshAccount(
        `trial-${name}`,
        { firstName: 'Tania', lastName: 'Prueba' },
        PASSWORD,
      );
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await signIn(s.context, email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/subscription');
      await page.getByRole('heading', { level: 1, name: 'Elige tu plan' }).waitFor();
      const comparison = page.getByRole('table', { name: 'Qué incluye cada plan' });
      await comparison.waitFor();
      expect(await comparison.getByRole('columnheader').allTextContents()).toContain(TRIAL_PLAN);
      await checkPage(page, '/subscription');
      await pageShot(page, `trial-subscription-${name}`);

      await page.getByRole('radio', { name: TRIAL_PLAN_RADIO }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { level: 1, name: `Suscripción: ${TRIAL_PLAN}` }).waitFor();
      await page
        .getByText(
          'Prueba gratuita de 7 días: hoy no se cobra nada y después $19.99 USD por periodo. Puedes cancelar antes sin coste.',
        )
        .waitFor();
      await checkPage(page, '/purchase (trial)');
      await pageShot(page, `trial-purchase-${name}`);

      await confirmTrial(page);
      await page.getByRole('heading', { name: 'Prueba gratuita en modo de prueba' }).waitFor();
      expect(await seriousAxeViolations(page), 'simulated trial checkout').toEqual([]);
      await pageShot(page, `trial-checkout-${name}`);
      await page.getByRole('button', { name: 'Empezar la prueba gratuita' }).click();
      await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();
      const amount = page
        .locator('.result-details__row')
        .filter({ has: page.getByText('Importe', { exact: true }) })
        .locator('dd');
      expect(await amount.textContent()).toBe('$0.00 USD');

      await page.goto('/panel/cuenta');
      const card = page.getByRole('region', { name: 'Suscripción', exact: true });
      const until = await card.getByText(/^Prueba gratuita hasta el /).textContent();
      const trialEnd = new Date(Date.now() + 7 * DAY);
      expect(until).toContain(String(trialEnd.getDate()));
      await card.getByText(/se cobrarán \$19\.99 USD si no cancelas antes\./).waitFor();
      await checkPage(page, '/panel/cuenta (trial)');
      await pageShot(page, `trial-account-${name}`);

      await card.getByRole('button', { name: 'Cancelar renovación automática' }).click();
      const confirm = page.getByRole('alertdialog', { name: '¿Cancelar la renovación automática?' });
      await confirm.getByRole('button', { name: 'Sí, cancelar renovación' }).click();
      await card.getByText(/^Cancelaste la renovación: no se cobrará nada y tu acceso termina el /).waitFor();
      expect(await card.getByText(/se cobrarán/).count()).toBe(0);
      await checkPage(page, '/panel/cuenta (trial cancelled)');
      await pageShot(page, `trial-cancelled-${name}`);

      // Nothing was charged: the only payment of the account is the trial's, of $0.00.
      const me = await api('/auth/me_verify', { method: 'POST', token });
      expect(me.body.user).toMatchObject({
        subscription: { hasActiveSubscription: true, isRecurring: false, trialThenAmount: 19.99 },
      });
      const eligibility = await api('/subscriptions/trial-eligibility', { token });
      expect(eligibility.body.eligible).toBe(false);
      expect(errors).toEqual([]);
    });
  }
});
