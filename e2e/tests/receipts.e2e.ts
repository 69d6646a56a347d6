import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  PHONE,
  pageShot,
  screenshot,
  type Session,
  seriousAxeViolations,
} from '../support/browser';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { DEMO, signIn } from '../support/session';

// Issue 30 items 5 and 6: a subscriber opens the payment history in /panel/cuenta, downloads a
// receipt's PDF, and reads and downloads it again on the printable receipt page.

const open: Session[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The PDF a click downloads: its name and its first bytes. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync((await download.path()) ?? '');
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

describe('Historial de pagos and receipts', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`the demo subscriber downloads a receipt from the history and its page (${name})`, async () => {
      const s = await openBrowser(viewport);
      open.push(s);
      const { page } = s;
      await signIn(s.context, DEMO.vip);
      await recordLayoutShifts(s.context);
      const errors = collectErrors(page);

      await page.goto('/panel/cuenta');
      const card = page.getByRole('region', { name: 'Historial de pagos' });
      const row = card.getByRole('listitem').filter({ hasText: 'Todos los tips VIP (1 mes)' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Pagado');
      expect(await row.textContent()).toMatch(/19,99 USD/);
      const receiptLink = row.getByRole('link', { name: /^Recibo R-\d{4}-\d{6}$/ });
      const number = ((await receiptLink.textContent()) ?? '').replace('Recibo ', '');
      expect(number).toMatch(/^R-\d{4}-\d{6}$/);
      await card.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, `receipts-history-${name}`, { fullPage: false });

      const fromHistory = await downloaded(page, () =>
        row.getByRole('button', { name: `Descargar PDF del recibo ${number}` }).click(),
      );
      expect(fromHistory).toEqual({ name: `${number}.pdf`, head: '%PDF-' });

      await receiptLink.click();
      const receipt = page.getByRole('article', { name: `Recibo de pago ${number}` });
      await receipt.waitFor();
      expect(await page.title()).toBe('Recibo · MagoTips');
      const text = (await receipt.textContent()) ?? '';
      for (const field of [
        'Vendedor',
        'Identificación fiscal del vendedor',
        'Dirección del vendedor',
        'Cliente',
        'Concepto',
        'Todos los tips VIP (1 mes)',
        '19,99 USD',
        'Método de pago',
        'Referencia de la transacción',
      ]) {
        expect(text).toContain(field);
      }
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await pageShot(page, `receipt-page-${name}`);

      const fromPage = await downloaded(page, () =>
        receipt.getByRole('button', { name: `Descargar PDF de ${number}` }).click(),
      );
      expect(fromPage).toEqual({ name: `${number}.pdf`, head: '%PDF-' });
      expect(errors).toEqual([]);
    });
  }
});
