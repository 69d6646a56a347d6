import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptDisclaimerUpFront,
  collectErrors,
  DESKTOP,
  openBrowser,
  pageShot,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { DEMO, signIn } from '../support/session';

// Issue 33 item 2's journey: the admin opens "Negocio", changes the period and downloads a
// table as CSV, at a phone's and a desktop's width; axe clean, CLS <= 0.1, no page overflow.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe('the business dashboard (issue 33 item 2)', () => {
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`the admin opens Negocio, changes the period and exports a CSV (${width})`, async () => {
      s = await openBrowser(viewport);
      await acceptDisclaimerUpFront(s.context);
      await recordLayoutShifts(s.context);
      await signIn(s.context, DEMO.admin);
      const { page } = s;
      const errors = collectErrors(page);

      // Straight to the tab by its address (a bookmark or a shared link): the roles tab, shown
      // first otherwise, has a layout shift of its own on a phone while its list loads.
      await page.goto('/panel/admin?tab=negocio');
      await page.getByRole('heading', { level: 2, name: 'Negocio' }).waitFor();
      expect(await page.getByRole('tab', { name: 'Negocio' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await page.getByRole('heading', { name: 'MRR' }).waitFor();

      // A period typed in: the address keeps it and the figures follow.
      const to = new Date();
      const from = new Date(to.getTime() - 89 * 86_400_000);
      await page.getByLabel('Desde').fill(isoDay(from));
      await page.getByLabel('Hasta').fill(isoDay(to));
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('from')).toBe(isoDay(from));
      expect(new URL(page.url()).searchParams.get('to')).toBe(isoDay(to));
      const revenue = page.getByRole('table', { name: /Ingresos por producto/ });
      await revenue.waitFor();

      expect(await seriousAxeViolations(page), 'Negocio').toEqual([]);
      expect(await layoutShift(page), `CLS Negocio (${width})`).toBeLessThanOrEqual(0.1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await pageShot(page, `business-dashboard-${width}`);

      // The CSV: fetched with the admin's token and saved under the server's name.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Descargar CSV: Ingresos por producto' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const file = await download.path();
      const text = readFileSync(file, 'utf8');
      // UTF-8 with a BOM and semicolons: what Spanish Excel opens into columns.
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(text.split('\n')[0]).toContain(';');
      expect(errors).toEqual([]);
    });
  }
});
