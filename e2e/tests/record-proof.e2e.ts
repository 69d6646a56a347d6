// The proof issue's journey (issue 27): a visitor, on a phone and on a desktop, opens /historial,
// follows a settled row to its tip and (back) to its entries in the public ledger, downloads the
// CSV of the record, and presses "Verificar": their own browser downloads the whole ledger and
// checks it against the figures the server publishes. axe finds nothing; nothing jumps (CLS).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acceptDisclaimerUpFront,
  collectErrors,
  DESKTOP,
  openBrowser,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';

const SHOTS = '/tmp/scratch';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** Every axe violation, whatever its impact (seriousAxeViolations injects axe first). */
async function axeViolations(page: Page): Promise<string[]> {
  await seriousAxeViolations(page);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(): Promise<Result> } }).axe;
    const result = await axe.run();
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}

async function shot(page: Page, name: string): Promise<void> {
  // The sections below the first screen are laid out only near it (content-visibility): drawn
  // all at once here, or the full-page picture shows them blank.
  await page.evaluate(() => {
    document
      .querySelectorAll<HTMLElement>('.tr-section--later')
      .forEach((el) => el.style.setProperty('content-visibility', 'visible'));
    window.scrollTo(0, 0);
  });
  await page.screenshot({ path: `${SHOTS}/record-${name}.png`, fullPage: true });
}

/** Nothing wider than the screen: no clipped table, no sideways scroll. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

async function openHistorial(page: Page): Promise<void> {
  await page.goto('/historial');
  await page.getByRole('heading', { level: 1, name: 'Historial verificado' }).waitFor();
  await page.locator('.tr-figures:not(.tr-ghost)').waitFor();
  await page.locator('.tr-tips:not(.tr-ghost) article').first().waitFor();
}

describe('the verifiable track record', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(
      `a visitor checks /historial row by row, downloads it and verifies it (${name})`,
      { timeout: 240_000 },
      async () => {
        s = await openBrowser(viewport);
        await acceptDisclaimerUpFront(s.context);
        await recordLayoutShifts(s.context);
        const { page } = s;
        const errors = collectErrors(page);
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
        });

        await openHistorial(page);
        expect(await page.title()).toBe('Historial verificado · MagoTips');
        const head = page.getByRole('link', {
          name: /^Registro público: entrada #\d+ · [0-9a-f]{16}$/,
        });
        await head.waitFor();
        await page
          .getByRole('navigation', { name: 'Tu cuenta' })
          .getByRole('link', { name: 'Crear cuenta' })
          .waitFor();
        expect(await page.getByRole('link', { name: 'Crea tu cuenta gratis' }).count()).toBe(1);
        // Let the lazy sections land before measuring the page.
        await page.getByRole('heading', { name: 'Yield por cuota' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        if (viewport === PHONE) {
          // Summary first, the filters folded behind "Filtros", the sports as cards.
          const toggle = page.getByRole('button', { name: /^Filtros/ });
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          expect(await page.getByLabel('Periodo').isVisible()).toBe(false);
          const summaryTop = await page.getByRole('region', { name: 'Resumen' }).boundingBox();
          const toggleTop = await toggle.boundingBox();
          expect(summaryTop && toggleTop && summaryTop.y < toggleTop.y).toBe(true);
          expect(
            await page.getByRole('table', { name: 'Resultados por deporte' }).isVisible(),
          ).toBe(false);
          expect(await page.getByRole('list', { name: 'Resultados por deporte' }).isVisible()).toBe(
            true,
          );
          await toggle.click();
          expect(await page.getByLabel('Periodo').isVisible()).toBe(true);
          await toggle.click();
        }
        await shot(page, `historial-${name}`);
        // The verifier is not part of the page's first download.
        expect(scripts.filter((p) => /verify-run/.test(p))).toEqual([]);

        // A row, to its tip...
        const row = page.locator('.tr-tips article').first();
        const titleLink = row.locator('.tr-tip__title a');
        const title = ((await titleLink.textContent()) ?? '').trim();
        const tipHref = (await titleLink.getAttribute('href')) ?? '';
        const tipId = tipHref.replace('/tip/', '');
        expect(tipHref).toMatch(/^\/tip\/[0-9a-f-]{36}$/);
        // textContent: the list is laid out only as it nears the screen (content-visibility).
        expect(await row.textContent()).toMatch(
          /Publicado el .+ · \d+ (min|h|días) antes del inicio/,
        );
        await titleLink.click();
        await page.waitForURL(`**/tip/${tipId}`);
        // The tip's own page: its title, when it was published, its state and history, the way
        // back to the ledger. A visitor reads the analysis only signed in (a free tip answers 401
        // with its card, decision 0089; a VIP one 403 with its card): the page offers both.
        const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        await page.getByRole('heading', { level: 1, name: new RegExp(`^${escaped}$`) }).waitFor();
        await page
          .getByText(/^Publicado el .+ antes del inicio$/)
          .first()
          .waitFor();
        expect(await page.getByRole('link', { name: 'Ver en el registro público' }).count()).toBe(
          1,
        );
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `tip-from-record-${name}`);

        // ...and back, to its entries in the ledger.
        await page.goBack();
        await page.waitForURL('**/historial');
        // The list is laid out only near the screen (content-visibility): scroll to it first, as
        // a reader would, or Playwright finds the link without a box to click.
        await page.locator('.tr-tips:not(.tr-ghost)').waitFor({ state: 'attached' });
        await page.evaluate(() => document.querySelector('.tr-tips')?.scrollIntoView());
        const ledgerLink = page.locator(
          `.tr-tip__links a[href="/historial/registro?tip=${tipId}"]`,
        );
        expect(await ledgerLink.first().textContent()).toBe(`Ver en el registro: ${title}`);
        await ledgerLink.first().scrollIntoViewIfNeeded();
        await ledgerLink.first().click();
        await page.waitForURL(`**/historial/registro?tip=${tipId}`);
        await page.getByRole('heading', { name: `Entradas del tip «${title}»` }).waitFor();
        const entries = page.locator('article.lg-entry');
        expect(await entries.count()).toBeGreaterThan(0);
        expect(await entries.first().getByRole('heading', { name: 'Publicación' }).count()).toBe(1);
        const seq = (await entries.last().getAttribute('id')) ?? '';
        expect(seq).toMatch(/^seq-\d+$/);

        // An exact entry by its anchor, opened fresh: the page, its axe check and its shifts.
        await page.goto(`/historial/registro?tip=${tipId}#${seq}`);
        await page.locator(`#${seq}`).waitFor();
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(seq);
        expect(await page.title()).toBe('Registro público del historial · MagoTips');
        expect(await axeViolations(page)).toEqual([]);
        expect(await layoutShift(page)).toBeLessThanOrEqual(0.1);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `registro-${name}`);
        await page.goto('/historial/registro');
        await page.locator('article.lg-entry').first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        await shot(page, `registro-full-${name}`);

        // The CSV: its header and one line per counted tip.
        await openHistorial(page);
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Descargar CSV' }).click(),
        ]);
        const csv = readFileSync((await download.path()) ?? '', 'utf8');
        const lines = csv.split('\r\n').filter((l) => l !== '');
        expect(lines[0]).toBe(
          '\uFEFFID,Inicio (UTC),Publicado (UTC),Horas antes del inicio,Deporte,Categoría,Partido,Pronóstico,Cuota,Stake,Casa de apuestas,Cuota de cierre,Resultado,Beneficio (u),Resuelto (UTC)',
        );
        const listed = await page.request.get('/api/track-record/tips');
        const { pagination } = (await listed.json()) as { pagination: { total: number } };
        expect(pagination.total).toBeGreaterThan(0);
        expect(lines.length - 1).toBe(pagination.total);

        // "Verificar": the checks run in this browser, against this site.
        await page.getByRole('button', { name: 'Verificar' }).click();
        const result = page.locator('.tr-proof__result[role="status"][aria-live="polite"]');
        await result.getByText(/^Verificado: /).waitFor({ timeout: 45_000 });
        expect(await result.innerText()).toMatch(/cadena y todas las firmas correctas/);
        expect(scripts.some((p) => /verify-run/.test(p))).toBe(true);
        await page.locator('.tr-proof').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/record-verified-${name}.png` });
        // The tip page asks GET /api/tips/:id, which answers a visitor 401 with the card (403 for
        // a VIP tip): Chromium logs that answer; nothing else may fail.
        expect(
          errors.filter((e) => !/status of (401 \(Unauthorized\)|403 \(Forbidden\))/.test(e)),
        ).toEqual([]);
      },
    );
  }
});
