import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { api, freshAccount } from '../support/api';
import {
  acceptDisclaimerUpFront,
  DESKTOP,
  openBrowser,
  PHONE,
  type Session,
  screenshot,
  seriousAxeViolations,
} from '../support/browser';

// Issue 12 item 1: "Sesiones activas" in /panel/cuenta lists every device signed in to the
// account and signs any of them out; the device signed out finds itself at /login.

const PASSWORD = 'clave-segura-1';
const open: Session[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});

/** A new account with no session open (freshAccount signs in once to learn its id). */
async function accountWithoutSessions(label: string, firstName: string) {
  const account = await freshAccount(label, { firstName, lastName: 'Sesiones' }, PASSWORD);
  expect((await api('/auth/logout', { method: 'POST', token: account.token })).status).toBe(200);
  return account.email;
}

/** A browser signed in through the login form, so its session carries a real browser's agent. */
async function signedInBrowser(viewport: typeof PHONE, email: string): Promise<Session> {
  const s = await openBrowser(viewport);
  open.push(s);
  await acceptDisclaimerUpFront(s.context);
  await s.page.goto('/login');
  await s.page.getByLabel('Email').fill(email);
  await s.page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await s.page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect.poll(() => new URL(s.page.url()).pathname).not.toBe('/login');
  return s;
}

const sessionsCard = (page: Page) => page.getByRole('region', { name: 'Sesiones activas' });

async function openSessions(page: Page, count: number) {
  await page.goto('/panel/cuenta');
  const card = sessionsCard(page);
  await card.waitFor();
  await expect.poll(() => card.getByRole('listitem').count()).toBe(count);
  return card;
}

async function expectSignedOut(page: Page) {
  await page.goto('/panel/cuenta');
  // The panel asks the server, gets the 401 and moves to /login: a round trip and a render,
  // which on a loaded CI machine can take longer than expect.poll's default second.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).toBe('/login');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

describe('Sesiones activas', () => {
  it('a phone signs out the desktop session; the desktop finds itself at /login', async () => {
    const email = await accountWithoutSessions('sessions-one', 'Sara');
    const desktop = await signedInBrowser(DESKTOP, email);
    const phone = await signedInBrowser(PHONE, email);

    const card = await openSessions(phone.page, 2);
    const rows = card.getByRole('listitem');
    expect(await rows.first().textContent()).toContain('Esta sesión');
    expect(await rows.first().textContent()).toMatch(/Chrome en Linux/);
    await card.scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(phone.page)).toEqual([]);
    await screenshot(phone.page, 'sessions-card-phone');
    // Nothing in the card wider than the phone.
    expect(await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    await rows
      .nth(1)
      .getByRole('button', { name: /^Cerrar sesión en / })
      .click();
    const dialog = phone.page.getByRole('alertdialog', { name: '¿Cerrar esta sesión?' });
    await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
    await card.getByText('Sesión cerrada').waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(1);
    await card.getByText('Solo tienes esta sesión abierta.').waitFor();

    await expectSignedOut(desktop.page);
  });

  it('a desktop closes every other session, then its own', async () => {
    const email = await accountWithoutSessions('sessions-all', 'Tomás');
    const phoneA = await signedInBrowser(PHONE, email);
    const phoneB = await signedInBrowser(PHONE, email);
    const desktop = await signedInBrowser(DESKTOP, email);

    const card = await openSessions(desktop.page, 3);
    await card.scrollIntoViewIfNeeded();
    await screenshot(desktop.page, 'sessions-card-desktop');
    await card.getByRole('button', { name: 'Cerrar todas las demás' }).click();
    await desktop.page
      .getByRole('alertdialog', { name: '¿Cerrar todas las demás sesiones?' })
      .getByRole('button', { name: 'Cerrar todas las demás' })
      .click();
    await card.getByText('Se cerraron las demás sesiones').waitFor();
    await expect.poll(() => card.getByRole('listitem').count()).toBe(1);
    await expectSignedOut(phoneA.page);
    await expectSignedOut(phoneB.page);

    // Its own row is the ordinary sign-out, asked first.
    await card.getByRole('button', { name: /\(esta sesión\)$/ }).click();
    await desktop.page
      .getByRole('alertdialog', { name: '¿Cerrar la sesión en este dispositivo?' })
      .getByRole('button', { name: 'Cerrar sesión' })
      .click();
    await expect.poll(() => new URL(desktop.page.url()).pathname).toBe('/');
    await expectSignedOut(desktop.page);
  });
});
