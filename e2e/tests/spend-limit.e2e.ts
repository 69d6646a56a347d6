import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { freshAccount } from '../support/api';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { confirmPurchase, startPackPurchase } from '../support/checkout';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { signIn } from '../support/session';

// Issue 32 item 4 (decision 0113): a reader sets a monthly spend limit in /panel/cuenta and a
// purchase over it is refused before checkout, with what is left, in Spanish.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'limite-seguro-1';
const USA_PACK = 'Pack Estados Unidos';
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('monthly spend limit (issue 32 item 4)', () => {
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`a reader sets a limit and a purchase over it is refused (${width})`, async () => {
      const reader = await freshAccount(
        `spend-limit-${width}`,
        { firstName: 'Lina', lastName: 'Limite' },
        PASSWORD,
      );
      s = await openBrowser(viewport);
      await recordLayoutShifts(s.context);
      await signIn(s.context, reader.email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/panel/cuenta');
      const card = page.getByRole('region', { name: 'Límite de gasto mensual' });
      const input = card.getByRole('textbox', { name: 'Límite mensual (USD)' });
      await input.waitFor();
      await input.fill('10,50');
      await card.getByRole('button', { name: 'Guardar límite' }).click();
      const dialog = page.getByRole('alertdialog', {
        name: '¿Fijar tu límite en $10.50 USD al mes?',
      });
      await dialog.getByRole('button', { name: 'Guardar límite' }).click();
      await card.getByText('Límite de gasto guardado.').waitFor();
      expect(await card.textContent()).toContain('Te queda este mes$10.50 USD');
      await card.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page), '/panel/cuenta').toEqual([]);
      expect(await layoutShift(page), `CLS /panel/cuenta (${width})`).toBeLessThanOrEqual(0.1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await pageShot(page, `spend-limit-card-${width}`);

      await startPackPurchase(page, USA_PACK);
      await confirmPurchase(page, '$14.99');
      const refusal = page.getByRole('alert').filter({ hasText: 'límite mensual de gasto' });
      await refusal.waitFor();
      expect(await refusal.textContent()).toContain(
        'Esta compra supera tu límite mensual de gasto. Te quedan $10.50 USD este mes.',
      );
      expect(new URL(page.url()).pathname).not.toMatch(/simulated/);
      expect(await seriousAxeViolations(page), '/purchase refused').toEqual([]);
      expect(await layoutShift(page), `CLS /purchase (${width})`).toBeLessThanOrEqual(0.1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await pageShot(page, `spend-limit-refused-${width}`);
      // The 409 is the answer the page expects: the console shows only that refusal.
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    });
  }
});
