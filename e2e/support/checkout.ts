import type { Page } from 'playwright-core';

/** The immediate-access consent of /purchase (decision 0034), by the start of its label. */
export const consentBox = (page: Page) =>
  page.getByRole('checkbox', { name: /^Acepto los Términos/ });

/** Ticks the consent (a no-op when already ticked) and presses 'Confirmar Compra - $…'. */
export async function confirmPurchase(page: Page, price: string): Promise<void> {
  await consentBox(page).check();
  await page.getByRole('button', { name: `Confirmar Compra - ${price}` }).click();
}

/** While the plan's free trial applies, /purchase names no amount (decision 0101): ticks the
 * consent and presses 'Empezar la prueba gratuita'. */
export async function confirmTrial(page: Page): Promise<void> {
  await consentBox(page).check();
  await page.getByRole('button', { name: 'Empezar la prueba gratuita' }).click();
}

/** From the landing: the pack's "Comprar" in "Packs Disponibles", then /purchase. */
export async function startPackPurchase(page: Page, pack: string): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('tabpanel', { name: 'Packs Disponibles' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: pack, exact: true }) })
    .getByRole('button', { name: 'Comprar' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
}
