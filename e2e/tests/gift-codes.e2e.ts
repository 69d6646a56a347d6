// Issue 16's gift codes: an admin makes a plan code in the Códigos tab of /panel/admin, sees it
// once and downloads the batch as CSV; a new reader redeems it in /panel/cuenta (on the phone
// through the gift e-mail's link, /panel/cuenta?regalo=…, signing in on the way) and then reads
// the VIP tips. At 390 and 1280 px, with axe and screenshots.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { freshAccount } from '../support/api';
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
import { DEMO, signIn } from '../support/session';

const PASSWORD = 'Regalos-e2e-2026';
const CODE_SHAPE = /^MAGO(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

/** Nothing wider than the screen: the table scrolls inside its own region instead. */
async function expectNoOverflow(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

/** The admin makes one code of a month of the plan of every VIP tip and answers it, as shown once. */
async function adminMakesCode(name: string, viewport: typeof PHONE, note: string): Promise<string> {
  s = await openBrowser(viewport);
  await signIn(s.context, DEMO.admin);
  const { page } = s;
  const errors = collectErrors(page);
  await page.goto('/panel/admin?tab=codigos');
  const form = page.getByRole('form', { name: 'Nuevos códigos de regalo' });
  await form.getByRole('option', { name: 'Todos los tips VIP', exact: true }).waitFor({ state: 'attached' });
  await form.getByLabel('Plan', { exact: true }).selectOption({ label: 'Todos los tips VIP' });
  await form.getByLabel('Meses', { exact: true }).fill('1');
  await form.getByLabel('Cantidad de códigos').fill('1');
  await form.getByLabel(/Nota/).fill(note);
  await form.getByRole('button', { name: 'Crear códigos' }).click();

  const issued = page.getByRole('region', { name: 'Se ha creado 1 código de regalo' });
  await issued.waitFor();
  await issued.getByText('no se volverán a mostrar').waitFor();
  const code = ((await issued.getByRole('listitem').first().textContent()) ?? '').trim();
  expect(code).toMatch(CODE_SHAPE);

  // The CSV of the batch holds the very code.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    issued.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^codigos-regalo-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv).toContain(`${code},Todos los tips VIP,1,,${note}`);

  expect(await seriousAxeViolations(page), 'Códigos, recién creados').toEqual([]);
  await expectNoOverflow(page);
  await pageShot(page, `gift-codes-issued-${name}`);

  // Closing the panel asks first; afterwards the code is gone from the page for good.
  await issued.getByRole('button', { name: 'Ya los he guardado' }).click();
  const dialog = page.getByRole('alertdialog', { name: '¿Ya has guardado los códigos?' });
  await dialog.getByRole('button', { name: 'Sí, cerrar' }).click();
  await form.waitFor();
  expect(await page.getByText(code).count()).toBe(0);
  const table = page.getByRole('table', { name: 'Códigos de regalo' });
  const row = table.getByRole('row').filter({ hasText: note });
  await row.getByRole('rowheader', { name: `Terminado en ${code.slice(-4)}` }).waitFor();
  await row.getByText('Sin usar').waitFor();
  expect(await seriousAxeViolations(page), 'Códigos, lista').toEqual([]);
  await expectNoOverflow(page);
  await pageShot(page, `gift-codes-list-${name}`);
  expect(errors).toEqual([]);
  await s.close();
  s = undefined;
  return code;
}

async function readsVipTips(page: Page) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Tips VIP' }).click();
  const vip = page.getByRole('tabpanel', { name: 'Tips VIP' });
  await vip.getByRole('article').first().waitFor();
  await vip.getByRole('button', { name: 'Leer análisis completo' }).first().click();
  expect(await page.getByRole('dialog').textContent()).toMatch(/stake/i);
}

describe('gift codes (issue 16)', () => {
  it('phone: the admin makes a code; a new reader follows the gift link, signs in, redeems it and reads VIP tips', async () => {
    const note = `Regalo móvil ${Date.now().toString(36)}`;
    const code = await adminMakesCode('phone', PHONE, note);
    const reader = await freshAccount('regalo-movil', { firstName: 'Rita', lastName: 'Regalada' }, PASSWORD);

    s = await openBrowser(PHONE);
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto(`/panel/cuenta?regalo=${encodeURIComponent(code)}`);
    await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();

    const card = page.getByRole('region', { name: 'Canjear código de regalo' });
    const field = card.getByLabel('Código de regalo');
    await expect.poll(() => field.inputValue()).toBe(code);
    // The code leaves the address once it is in the field.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await seriousAxeViolations(page), '/panel/cuenta con el código').toEqual([]);
    await card.getByRole('button', { name: 'Canjear código' }).click();
    await card.getByText(/¡Código canjeado! Tienes el plan «Todos los tips VIP» durante 1 mes, hasta el/).waitFor();
    await page.getByText('Todos los tips VIP').first().waitFor();
    await expectNoOverflow(page);
    await pageShot(page, 'gift-codes-redeemed-phone');

    await readsVipTips(page);
    expect(errors).toEqual([]);
  });

  it('desktop: the admin makes a code; a new reader types it in lower case without dashes and reads VIP tips; a second try says it is used', async () => {
    const note = `Regalo escritorio ${Date.now().toString(36)}`;
    const code = await adminMakesCode('desktop', DESKTOP, note);
    const reader = await freshAccount('regalo-escritorio', { firstName: 'Raúl', lastName: 'Regalado' }, PASSWORD);

    s = await openBrowser(DESKTOP);
    await signIn(s.context, reader.email, PASSWORD);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto('/panel/cuenta');
    const card = page.getByRole('region', { name: 'Canjear código de regalo' });
    const typed = code.replaceAll('-', ' ').toLowerCase();
    await card.getByLabel('Código de regalo').fill(typed);
    await card.getByRole('button', { name: 'Canjear código' }).click();
    await card.getByText(/¡Código canjeado!/).waitFor();
    expect(await seriousAxeViolations(page), '/panel/cuenta canjeado').toEqual([]);
    await pageShot(page, 'gift-codes-redeemed-desktop');

    await card.getByLabel('Código de regalo').fill(code);
    await card.getByRole('button', { name: 'Canjear código' }).click();
    await card.getByRole('alert').getByText('Este código de regalo ya se ha canjeado.').waitFor();

    await readsVipTips(page);
    // The browser reports the refused second try (409) as a failed load: that one was expected.
    expect(errors.filter((e) => !e.includes('status of 409'))).toEqual([]);
  });
});
