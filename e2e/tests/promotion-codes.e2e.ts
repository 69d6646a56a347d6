import { afterEach, describe, expect, it } from 'vitest';
import { freshAccount } from '../support/api';
import { collectErrors, DESKTOP, openBrowser, pageShot, PHONE, seriousAxeViolations, type Session } from '../support/browser';
import { confirmPurchase, startPackPurchase } from '../support/checkout';
import { signIn } from '../support/session';

// Issue 16, item 5: the simulated checkout's "Código promocional" (decision 0049). An unknown
// code is refused in Spanish and charges nothing; MAGO10 takes 10 % off and the result page shows
// the amount actually paid.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'clave-segura-1';
const PACK = 'Pack Fin de Semana Europeo';

describe('promotion codes on the simulated checkout', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`a buyer pays a pack with MAGO10 by keyboard (${name})`, async () => {
      const { email } = await freshAccount(`promo-${name}`, { firstName: 'Pablo', lastName: 'Promo' }, PASSWORD);
      s = await openBrowser(viewport);
      await signIn(s.context, email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await startPackPurchase(page, PACK);
      await confirmPurchase(page, '$19.99');
      await page.getByRole('heading', { name: 'Pago en modo de prueba' }).waitFor();

      // An unknown code: Enter applies (it does not pay), the error is tied to the field.
      const field = page.getByLabel('Código promocional');
      await field.fill('NOVALE');
      await field.press('Enter');
      const error = page.getByRole('alert');
      await error.waitFor();
      expect(await error.textContent()).toBe('El código promocional no es válido. Revísalo o paga sin código.');
      expect(await page.getByLabel('Código promocional').getAttribute('aria-invalid')).toBe('true');
      await page.getByRole('button', { name: 'Pagar $19.99 USD' }).waitFor();

      await page.getByLabel('Código promocional').fill(' mago10 ');
      await page.getByLabel('Código promocional').press('Enter');
      await page.getByRole('status').getByText('Código MAGO10 aplicado: 10 % de descuento.').waitFor();
      await page.getByText('−$2.00 USD').waitFor();
      expect(await seriousAxeViolations(page), 'simulated checkout with MAGO10').toEqual([]);
      await pageShot(page, `simulated-checkout-mago10-${name}`);

      await page.getByRole('button', { name: 'Pagar $17.99 USD' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();
      const importe = page
        .locator('.result-details__row')
        .filter({ has: page.getByText('Importe', { exact: true }) })
        .locator('dd');
      expect(await importe.textContent()).toBe('$17.99 USD');
      // The refused code's page is answered 400 on purpose (a form error); Chromium logs that.
      expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    });
  }
});
