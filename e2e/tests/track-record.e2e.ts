// Issue 14's journey: an editor publishes a tip with its bet; the match starts (the server's test
// clock moves past the kick-off); the editor settles it from "Resultados pendientes"; a visitor
// then finds it counted on /historial, with the curve, its table and the list of settled tips.
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
import { advanceServerClock } from '../support/clock';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { DEMO, signIn } from '../support/session';
import { confirmPublication, fillNewTip } from '../support/tip-form';

const RUN = Date.now().toString(36);
const TITLE = `Historial e2e ${RUN}: Betis vs. Sevilla`;
const MINUTE = 60_000;

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** The "Tips resueltos" figure of /historial, as a number. */
async function settledCount(page: Page): Promise<number> {
  const value = page.locator('.tr-figures:not(.tr-ghost) .tr-figure', { hasText: 'Tips resueltos' }).locator('.tr-figure__value');
  await value.waitFor();
  return Number((await value.innerText()).replace(/\D/g, ''));
}

async function openHistorial(viewport: typeof PHONE): Promise<Session> {
  const session = await openBrowser(viewport);
  await acceptDisclaimerUpFront(session.context);
  await recordLayoutShifts(session.context);
  await session.page.goto('/historial');
  await session.page.getByRole('heading', { level: 1 }).waitFor();
  return session;
}

describe('the verified track record', () => {
  it('a tip published with its bet, settled after kick-off, is counted on /historial', async () => {
    // Before: what a visitor reads today.
    s = await openHistorial(DESKTOP);
    const before = await settledCount(s.page);
    await s.close();

    // The editor publishes a VIP tip with its bet, three minutes before kick-off.
    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.editor);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto('/panel/editor');
    await page.getByText(/tips en total/).waitFor();
    await page.getByRole('button', { name: 'Nuevo tip' }).click();
    await fillNewTip(page, {
      title: TITLE,
      minutesFromNow: 3,
      analysis: 'El Betis llega mejor al derbi.',
      vip: true,
      bet: { pick: 'Gana Betis', odds: '1,85', stake: '2' },
    });
    await page.getByRole('button', { name: 'Crear tip' }).click();
    await confirmPublication(page);
    await page.getByText('Tip creado.').waitFor();

    // The match starts: the server's clock passes the kick-off.
    await advanceServerClock(5 * MINUTE);

    // "Resultados pendientes" lists it; one button per outcome, named with the tip.
    await page.getByRole('tab', { name: /^Resultados/ }).click();
    await page.getByRole('heading', { name: 'Resultados pendientes' }).waitFor();
    const won = page.getByRole('button', { name: `Ganado: ${TITLE}`, exact: true });
    await won.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pageShot(page, 'track-record-pending-desktop');
    await won.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Registrar resultado' }).click();
    await page.getByText('Resultado registrado.').waitFor();
    await expect.poll(() => won.count()).toBe(0);
    expect(errors).toEqual([]);
    await s.close();

    // A visitor, on a phone and on a desktop, finds it counted.
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      s = await openHistorial(viewport);
      const visitor = s.page;
      const visitorErrors = collectErrors(visitor);
      expect(await settledCount(visitor)).toBe(before + 1);
      const row = visitor.getByRole('listitem').filter({ hasText: TITLE });
      await row.waitFor();
      // textContent: the list is laid out only as it nears the screen (content-visibility),
      // and innerText reads what is laid out.
      const rowText = (await row.textContent()) ?? '';
      expect(rowText).toMatch(/Ganado/);
      expect(rowText).toMatch(/\+1,7 u/);
      expect(rowText).toMatch(/Gana Betis/);
      // The pick was VIP: settled, it is public; the analysis never is.
      expect(await visitor.getByText('El Betis llega mejor al derbi.').count()).toBe(0);

      const curve = visitor.getByRole('img', { name: 'Beneficio acumulado en unidades' });
      await curve.waitFor();
      await visitor.getByText('Ver los datos').click();
      const curveTable = visitor.getByRole('table', { name: 'Beneficio acumulado por día' });
      await curveTable.waitFor();
      expect(await curveTable.getByRole('row').count()).toBeGreaterThan(2);
      // A table on a desktop, one card per sport on a phone (decision 0077).
      const sports = visitor.getByRole(viewport === PHONE ? 'list' : 'table', { name: 'Resultados por deporte' });
      await sports.getByText('Fútbol').first().waitFor();

      expect(await seriousAxeViolations(visitor)).toEqual([]);
      expect(await layoutShift(visitor)).toBeLessThanOrEqual(0.1);
      await pageShot(visitor, `track-record-historial-${name}`);
      expect(visitorErrors).toEqual([]);
      await s.close();
      s = undefined;
    }

    // The landing's headline leads there.
    s = await openBrowser(PHONE);
    await acceptDisclaimerUpFront(s.context);
    await s.page.goto('/');
    const headline = s.page.getByRole('link', { name: /tips verificados/ });
    await headline.waitFor();
    expect(await headline.innerText()).toContain(`${before + 1} tips verificados`);
    await headline.click();
    await s.page.waitForURL('**/historial');
    // Four browsers one after another (editor, two visitors, the landing): past a minute when the
    // machine is busy.
  }, 150_000);
});
