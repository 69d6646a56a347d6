// The proof issue in the editor's hands, at 390 and 1280 px: a VIP tip whose title names its pick
// is warned about and fixed before it is published; an "Análisis sin apuesta" is made; after
// kick-off the result goes through its confirmation with a closing odds, and is then corrected
// with a public reason. Screenshots go to /tmp/scratch/editor-*.png to be looked at.
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { api, tokenOf } from '../support/api';
import {
  collectErrors,
  DESKTOP,
  openBrowser,
  PHONE,
  seriousAxeViolations,
  type Session,
} from '../support/browser';
import { advanceServerClock } from '../support/clock';
import { DEMO, signIn } from '../support/session';
import { confirmPublication, confirmResult, fillNewTip, jumpToMatchDay } from '../support/tip-form';

const RUN = Date.now().toString(36);
const MINUTE = 60_000;
const SHOTS = '/tmp/scratch';
const VIP_TITLE_HAS_PICK = 'El título de un tip VIP no puede contener su pronóstico';
const CORRECTION_REASON = 'Explica el motivo de la corrección (entre 10 y 300 caracteres)';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const noBetTitles: string[] = [];
// The analyses without a bet, which no record keeps, must
// not stay in the landing's lists for the journeys after this file.
afterAll(async () => {
  const token = await tokenOf(DEMO.editor);
  const { body } = await api('/tips?management=true&limit=100', { token });
  for (const tip of (body as { tips?: { _id: string; title: string }[] }).tips ?? []) {
    if (noBetTitles.includes(tip.title)) await api(`/tips/${tip._id}`, { method: 'DELETE', token });
  }
});

function editorRow(page: Page, title: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}

/** The notice of the tab on screen: every tab keeps its own panel, hidden when not chosen. */
function visibleNotice(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text });
}

/** What the screen shows (a dialog is fixed to the viewport), or the whole page. */
async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `${SHOTS}/editor-${name}.png`, fullPage });
}

async function openEditor(viewport: typeof PHONE): Promise<{ page: Page; errors: string[] }> {
  s = await openBrowser(viewport);
  await signIn(s.context, DEMO.editor);
  const { page } = s;
  const errors = collectErrors(page);
  await page.goto('/panel/editor');
  await page.getByText(/tips en total/).waitFor();
  return { page, errors };
}

describe('the editor and the proof', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`warns of a VIP pick in the title, makes an analysis without a bet, records and corrects a result (${name})`, async () => {
      const title = `Prueba ${name} ${RUN}: Betis vs. Sevilla`;
      const noBetTitle = `Análisis ${name} ${RUN}: Celta vs. Getafe`;
      noBetTitles.push(noBetTitle);
      const { page, errors } = await openEditor(viewport);

      // A VIP tip whose title names its pick: warned as it is typed, refused on submit.
      await page.getByRole('button', { name: 'Nuevo tip' }).click();
      await fillNewTip(page, {
        title: `${title}: gana el Betis`,
        minutesFromNow: 3,
        analysis: 'El Betis llega mejor al derbi.',
        vip: true,
        bet: { pick: 'Gana el Betis', odds: '1,85', stake: '2' },
      });
      const titleField = page.getByLabel('Título');
      const warning = page.getByRole('status').filter({ hasText: VIP_TITLE_HAS_PICK });
      await warning.waitFor();
      await titleField.scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `vip-warning-${name}`);
      await page.getByRole('button', { name: 'Crear tip' }).click();
      expect(await titleField.getAttribute('aria-invalid')).toBe('true');
      await page.getByText(VIP_TITLE_HAS_PICK).first().waitFor();

      // Fixed: the title names the match only; published.
      await titleField.fill(title);
      await expect.poll(() => page.getByText(VIP_TITLE_HAS_PICK).count()).toBe(0);
      await page.getByRole('button', { name: 'Crear tip' }).click();
      await confirmPublication(page);
      await page.getByText('Tip creado.').waitFor();
      await editorRow(page, title).waitFor();

      // An analysis without a bet: chosen, no bet fields, out of the record.
      await page.getByRole('button', { name: 'Nuevo tip' }).click();
      await fillNewTip(page, {
        title: noBetTitle,
        minutesFromNow: 2 * 24 * 60,
        analysis: 'Partido cerrado; sin valor en las cuotas.',
      });
      expect(await page.getByLabel('Pronóstico').count()).toBe(0);
      await page.getByRole('group', { name: 'Apuesta' }).scrollIntoViewIfNeeded();
      await shot(page, `no-bet-form-${name}`);
      await page.getByRole('button', { name: 'Crear tip' }).click();
      await confirmPublication(page);
      await page.getByText('Tip creado.').waitFor();
      const noBetRow = editorRow(page, noBetTitle);
      await noBetRow.getByText('Análisis sin apuesta').waitFor();
      await noBetRow.getByText('Programado').waitFor();

      // Kick-off: the server's clock passes it. The result goes through its confirmation.
      await advanceServerClock(5 * MINUTE);
      await page.getByRole('tab', { name: /^Resultados/ }).click();
      await page.getByRole('heading', { name: 'Resultados pendientes' }).waitFor();
      const won = page.getByRole('button', { name: `Ganado: ${title}`, exact: true });
      await won.click();
      const settle = page.getByRole('alertdialog', { name: '¿Registrar «Ganado»?' });
      await settle.waitFor();
      expect(await settle.textContent()).toMatch(/Gana el Betis.*1,85.*Ganado/);
      await settle.getByLabel('Cuota de cierre (opcional)').fill('1,72');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `settle-dialog-${name}`);
      await confirmResult(page);
      await visibleNotice(page, 'Resultado registrado.').waitFor();
      await expect.poll(() => won.count()).toBe(0);

      // The list shows the one state, with its units; then the correction, with its reason.
      await page.getByRole('tab', { name: 'Tips' }).click();
      await jumpToMatchDay(page, 3);
      const row = editorRow(page, title);
      await row.getByText('Ganado +1,7 u').waitFor();
      await row.scrollIntoViewIfNeeded();
      await shot(page, `tips-states-${name}`);
      await row.getByRole('button', { name: 'Cambiar resultado' }).click();
      await page.getByRole('button', { name: `Perdido: ${title}`, exact: true }).click();
      const correction = page.getByRole('alertdialog', {
        name: '¿Corregir el resultado a «Perdido»?',
      });
      await correction.waitFor();
      await correction.getByLabel('Motivo de la corrección').fill('Acta');
      await correction.getByRole('button', { name: 'Corregir resultado' }).click();
      await correction.getByText(CORRECTION_REASON).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await shot(page, `correction-dialog-${name}`);
      await confirmResult(page, { reason: 'El acta oficial anula el gol del Betis en el 90.' });
      await visibleNotice(page, 'Resultado registrado.').waitFor();
      await row.getByText('Perdido −2 u').waitFor();
      expect(await page.getByText('En progreso').count()).toBe(0);

      // After kick-off the match and the bet are locked, and the form says why.
      await row.getByRole('button', { name: 'Editar' }).click();
      await page.getByText(/Partido empezado: el partido/).waitFor();
      expect(await page.getByLabel('Título').isDisabled()).toBe(true);
      expect(await page.getByLabel('Pronóstico').isDisabled()).toBe(true);
      expect(await page.getByLabel('Análisis', { exact: true }).isDisabled()).toBe(false);
      await shot(page, `locked-form-${name}`, true);

      expect(errors).toEqual([]);
    });
  }
});
