import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { api, type Json } from '../support/api';
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
import { waitForEmailLink } from '../support/outbox';

// Issue 32's browser journey: a reader whose browser is in Mexico City signs up (country and
// zone come from the browser), sees every time labelled in their own zone and their country's
// help resource, pauses the account for three months, and sees purchases refused with the date
// the pause ends. axe clean and CLS <= 0.1 on every page it walks.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const ZONE = 'America/Mexico_City';
const PASSWORD = 'pausa-de-mexico-3';
let serial = 0;
const newEmail = (label: string) => `e2e-${label}-${Date.now()}-${++serial}@example.com`;
const pathOf = (page: Page) => new URL(page.url()).pathname;
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** axe, layout shift and width on the page as it stands, then its picture. */
async function checkPage(page: Page, name: string, maxWidth: number): Promise<void> {
  expect(await seriousAxeViolations(page), name).toEqual([]);
  expect(await layoutShift(page), `CLS ${name}`).toBeLessThanOrEqual(0.1);
  expect(await pageWidth(page), `width ${name}`).toBeLessThanOrEqual(maxWidth);
  await pageShot(page, name);
}

async function fillRegistration(page: Page, email: string): Promise<void> {
  await page.getByLabel('Nombre', { exact: true }).fill('Ximena');
  await page.getByLabel('Apellido').fill('Hernández');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Día', { exact: true }).fill('9');
  await page.getByLabel('Mes', { exact: true }).selectOption({ label: 'octubre' });
  await page.getByLabel('Año', { exact: true }).fill('1990');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Acepto/ }).check();
}

/** "28 de febrero de 2027": three calendar months on, as Mexico City's calendar has it. */
function threeMonthsOnInMexico(): RegExp {
  const format = (d: Date) =>
    new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: ZONE,
    }).format(d);
  // The pause starts on the server's clock a moment from now: either day is right near midnight.
  const now = Date.now();
  const days = [now, now + 60_000].map((t) => {
    const d = new Date(t);
    const day = d.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + 3);
    const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, last));
    return format(d);
  });
  return new RegExp(`(${[...new Set(days)].join('|')})`);
}

describe('a reader in Mexico (issue 32)', () => {
  for (const [width, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`signs up, reads Mexico City's clock, pauses and is refused purchases (${width})`, async () => {
      const email = newEmail(`mexico-${width}`);
      s = await openBrowser(viewport, { timezoneId: ZONE });
      await acceptDisclaimerUpFront(s.context);
      await recordLayoutShifts(s.context);
      const { page } = s;
      const errors = collectErrors(page);

      // Sign-up: the country and the zone come from the browser, and can be changed.
      await page.goto('/register');
      await page.getByRole('heading', { level: 1, name: 'Crear cuenta' }).waitFor();
      expect(await page.getByLabel('País').inputValue()).toBe('MX');
      expect(await page.getByLabel('Zona horaria').inputValue()).toBe(ZONE);
      await fillRegistration(page, email);
      await checkPage(page, `mexico-register-${width}`, viewport.width);
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await page.getByRole('heading', { level: 1, name: 'Revisa tu correo' }).waitFor();

      const link = await waitForEmailLink(inject('dataDir'), email, '/verify-email');
      await page.goto(link);
      await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click();
      await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      const token = String(await page.evaluate(() => localStorage.getItem('token')));
      const me = await api('/auth/me_verify', { method: 'POST', token });
      expect(me.body.user as Json).toMatchObject({ country: 'MX', timeZone: ZONE });

      // Times in the reader's zone, labelled; the help resource of Mexico in the footer.
      await page.goto('/panel');
      await page.getByText('hora de Ciudad de México').first().waitFor();
      expect(await page.getByText('hora de España').count()).toBe(0);
      const footer = page.getByRole('contentinfo');
      await footer.getByText('+21 · Juega con responsabilidad').waitFor();
      await footer.getByRole('link', { name: /Línea de la Vida/ }).waitFor();
      await checkPage(page, `mexico-panel-${width}`, viewport.width);

      // The pause: three months, confirmed with the password.
      await page.goto('/panel/cuenta');
      const card = page.getByRole('region', { name: 'Pausar mi cuenta' });
      await card.getByRole('radio', { name: '3 meses' }).check();
      await card.getByRole('button', { name: 'Pausar mi cuenta' }).click();
      const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
      await dialog.getByLabel('Contraseña').fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Confirmar pausa' }).click();
      const until = threeMonthsOnInMexico();
      const paused = card.getByText(/Tu cuenta está en pausa hasta el/);
      await paused.waitFor();
      expect(await paused.textContent()).toMatch(until);
      await card.scrollIntoViewIfNeeded();
      await checkPage(page, `mexico-paused-${width}`, viewport.width);

      // Purchases are refused with the pause's end, before any checkout.
      await page.goto('/');
      await page.getByRole('tab', { name: 'Packs Disponibles' }).click();
      const pack = page
        .getByRole('tabpanel', { name: 'Packs Disponibles' })
        .getByRole('article')
        .first();
      await pack.waitFor();
      const refusal = page.getByText(/hasta entonces no puedes hacer compras ni regalos/).first();
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(until);
      expect(await pack.getByRole('button', { name: 'Comprar' }).isDisabled()).toBe(true);
      await checkPage(page, `mexico-packs-refused-${width}`, viewport.width);

      // And a subscription: the page says why instead of offering to continue.
      await page.goto('/subscription');
      const planRefusal = page
        .getByText(/hasta entonces no puedes hacer compras ni regalos/)
        .first();
      await planRefusal.waitFor();
      expect(await planRefusal.textContent()).toMatch(until);
      expect(await page.getByRole('button', { name: 'Continuar' }).count()).toBe(0);
      expect(pathOf(page)).not.toMatch(/simulated/);
      await checkPage(page, `mexico-plans-refused-${width}`, viewport.width);
      // A 409 the page expects is the only console error allowed.
      expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
    });
  }
});
