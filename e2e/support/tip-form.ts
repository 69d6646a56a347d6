import type { Page } from 'playwright-core';
import { serverNow } from './clock';

type Bet = { pick: string; odds: string; stake: string };

/** The bet every new tip asks for (issue 14): the odds typed the Spanish way. */
export async function fillBet(page: Page, bet: Bet): Promise<void> {
  await page.getByLabel('Pronóstico').fill(bet.pick);
  await page.getByLabel('Cuota').fill(bet.odds);
  await page.getByLabel('Stake (unidades)').fill(bet.stake);
}

/** The date and time inputs want the browser's local wall-clock time, `minutes` from the
 * server's now (its clock may be ahead of the browser's once a journey has moved it). */
export async function localDateTime(
  page: Page,
  minutes: number,
): Promise<{ date: string; time: string }> {
  const at = (await serverNow()).getTime() + minutes * 60_000;
  return page.evaluate((epoch) => {
    const d = new Date(epoch);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
    };
  }, at);
}

/** Fills the open tip form for a football match `minutesFromNow` ahead (free unless `vip`).
 * Without `bet` it is an "Análisis sin apuesta" (the proof issue, item 5); with one, the form's
 * default "Con apuesta" stays chosen. */
export async function fillNewTip(
  page: Page,
  tip: { title: string; minutesFromNow: number; analysis: string; bet?: Bet; vip?: boolean },
): Promise<void> {
  const when = await localDateTime(page, tip.minutesFromNow);
  await page.getByRole('radio', { name: 'Fútbol' }).check();
  await page.getByLabel('Título').fill(tip.title);
  await page.getByLabel('Fecha del partido').fill(when.date);
  await page.getByLabel('Hora del partido').fill(when.time);
  await page.getByRole('textbox', { name: 'Análisis', exact: true }).fill(tip.analysis);
  if (tip.vip) await page.getByRole('radio', { name: 'VIP (premium)' }).check();
  if (tip.bet) await fillBet(page, tip.bet);
  else await page.getByRole('radio', { name: 'Análisis sin apuesta' }).check();
}

/** The confirmation every result goes through (Resultados, or "Cambiar resultado" in the list):
 * the optional closing odds, the reason a correction needs, then the confirm button. */
export async function confirmResult(
  page: Page,
  extras: { closingOdds?: string; reason?: string } = {},
): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  if (extras.closingOdds !== undefined)
    await dialog.getByLabel('Cuota de cierre (opcional)').fill(extras.closingOdds);
  if (extras.reason !== undefined)
    await dialog.getByLabel('Motivo de la corrección').fill(extras.reason);
  await dialog
    .getByRole('button', {
      name: extras.reason === undefined ? 'Registrar resultado' : 'Corregir resultado',
    })
    .click();
}

/** Takes the editor's list (by match date, issue 17 item 3) to the day `minutesFromNow` ahead,
 * as an editor looks for a tip that is not on the first page: the date field, then Ir. */
export async function jumpToMatchDay(page: Page, minutesFromNow: number): Promise<void> {
  const { date } = await localDateTime(page, minutesFromNow);
  await page.getByLabel('Ir a la fecha del partido').fill(date);
  await page.getByRole('button', { name: 'Ir', exact: true }).click();
  await page.getByRole('button', { name: 'Más recientes' }).waitFor();
}

/** Says yes to the question before a tip's first publication (decision 0087), once its count of
 * readers has arrived ("se avisará a N lector(es)"). */
export async function confirmPublication(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(/se avisará a (\d+ lector(es)?|nadie)/).waitFor();
  await dialog.getByRole('button', { name: /^Sí, (publicar|programar)$/ }).click();
}
