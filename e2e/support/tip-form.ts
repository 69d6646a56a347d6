import type { Page } from 'playwright-core';

/** The bet every new tip asks for (issue 14): the odds typed the Spanish way. */
export async function fillBet(page: Page, bet: { pick: string; odds: string; stake: string }): Promise<void> {
  await page.getByLabel('Pronóstico').fill(bet.pick);
  await page.getByLabel('Cuota').fill(bet.odds);
  await page.getByLabel('Stake (unidades)').fill(bet.stake);
}
