import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { api, freshAccount, type Json } from '../support/api';
import {
  acceptDisclaimerUpFront,
  DESKTOP,
  openBrowser,
  PHONE,
  type Session,
  screenshot,
  seriousAxeViolations,
} from '../support/browser';
import { nextGoogleSignIn } from '../support/google';
import { waitForEmailLink } from '../support/outbox';

// Issue 13, items 1 to 5, walked in Chromium at a phone's and a desktop's width: back to the
// tip after signing in, register → "Revisa tu correo" → link → "Confirmar mi cuenta" → signed
// in on the saved target, and a malicious `next` that lands on / instead.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const VIEWPORTS = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

const PASSWORD = 'clave-del-mago-7';
let serial = 0;
const newEmail = (label: string) => `e2e-${label}-${Date.now()}-${++serial}@example.com`;

const path = (page: Page) => new URL(page.url()).pathname;
const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

/** The landing's free tip as the preview gives it, and its analysis as a signed-in reader sees it. */
async function freeTip(token: string): Promise<{ id: string; title: string; analisis: string }> {
  const preview = await api('/tips/preview');
  const first = (preview.body.tips as Json[])[0];
  if (!first) throw new Error('the demo seed has no free tip in the preview');
  const id = String(first._id);
  const full = await api(`/tips/${id}`, { token });
  expect(full.status).toBe(200);
  const tip = full.body.tip as Json;
  return { id, title: String(tip.title), analisis: String(tip.analisis) };
}

/** Nothing wider than the viewport: no sideways scrolling on a phone. */
async function expectNoOverflow(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The focused element draws a visible outline (the product's :focus-visible ring). */
async function expectFocusRing(page: Page) {
  const outline = await page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline).not.toBeNull();
  expect(outline?.style).not.toBe('none');
  expect(outline?.width ?? 0).toBeGreaterThanOrEqual(2);
}

/** Presses Tab until `target` has the focus (at most 30 times). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 30; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

async function fillRegistration(page: Page, email: string) {
  await page.getByLabel('Nombre', { exact: true }).fill('Marta');
  await page.getByLabel('Apellido').fill('Recorrido');
  await page.getByLabel('Email', { exact: true }).fill(email);
  // Item 4: a phone as people write it, and the date as día, mes, año.
  await page.getByLabel(/Teléfono/).fill('600 12 34 56');
  await page.getByLabel('Día', { exact: true }).fill('14');
  await page.getByLabel('Mes', { exact: true }).selectOption({ label: 'marzo' });
  await page.getByLabel('Año', { exact: true }).fill('1992');
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /Acepto/ }).check();
}

describe('sign-in journeys (issue 13)', () => {
  for (const [name, viewport] of VIEWPORTS) {
    it(`(a) ${name}: the free tip's "Leer análisis completo" → /login?next=… → signed in, back on the tip reading it`, async () => {
      const account = await freshAccount(`vuelta-${name}`, { firstName: 'Teo', lastName: 'Vuelta' }, PASSWORD);
      const tip = await freeTip(account.token);
      s = await openBrowser(viewport);
      await acceptDisclaimerUpFront(s.context);
      const { page } = s;

      await page.goto('/');
      await page.getByRole('button', { name: 'Leer análisis completo' }).click();
      await expect.poll(() => path(page)).toBe('/login');
      const url = new URL(page.url());
      expect(url.search).toBe(`?next=/tip/${tip.id}`);
      expect(url.searchParams.get('next')).toBe(`/tip/${tip.id}`);
      await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      await expectNoOverflow(page);
      await screenshot(page, `sign-in-journeys-a-login-${name}`);

      await signInWithForm(page, account.email, PASSWORD);
      await expect.poll(() => path(page)).toBe(`/tip/${tip.id}`);
      await page.getByRole('heading', { level: 1, name: tip.title }).waitFor();
      const firstParagraph = tip.analisis.split(/\n\s*\n/)[0]?.trim() ?? '';
      await page.getByText(firstParagraph, { exact: false }).first().waitFor();
      await nav(page).getByRole('link', { name: 'Panel' }).waitFor();
      await expectNoOverflow(page);
      await screenshot(page, `sign-in-journeys-a-tip-${name}`);
    });

    it(`(b) ${name}: register from the tip → "Revisa tu correo" naming the address → e-mail link → "Confirmar mi cuenta" → signed in on the tip`, async () => {
      const reader = await freshAccount(`lector-${name}`, { firstName: 'Lía', lastName: 'Lectora' }, PASSWORD);
      const tip = await freeTip(reader.token);
      const email = newEmail(`alta-${name}`);
      s = await openBrowser(viewport);
      await acceptDisclaimerUpFront(s.context);
      const { page } = s;
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      // The visitor wanted the tip: login carries it, and so does the way to registration.
      await page.goto('/');
      await page.getByRole('button', { name: 'Leer análisis completo' }).click();
      await expect.poll(() => path(page)).toBe('/login');
      await page.getByRole('link', { name: 'Regístrate' }).click();
      await expect.poll(() => path(page)).toBe('/register');
      expect(new URL(page.url()).searchParams.get('next')).toBe(`/tip/${tip.id}`);
      await page.getByRole('heading', { level: 1, name: 'Crear cuenta' }).waitFor();
      await fillRegistration(page, email);
      await expectNoOverflow(page);
      await screenshot(page, `sign-in-journeys-b-register-${name}`);
      await page.getByRole('button', { name: 'Crear cuenta' }).click();

      // Item 3: the screen names the address, offers a resend (after a wait) and a way back.
      await page.getByRole('heading', { level: 1, name: 'Revisa tu correo' }).waitFor();
      expect(await page.getByText(email, { exact: true }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Reenviar correo' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Cambiar el email' }).waitFor();
      await expectNoOverflow(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Keyboard: Tab reaches "Cambiar el email", with a visible focus ring.
      await tabTo(page, page.getByRole('button', { name: 'Cambiar el email' }));
      await expectFocusRing(page);
      await screenshot(page, `sign-in-journeys-b-check-email-${name}`);

      // Item 1: the link carries the tip as a relative path.
      const link = await waitForEmailLink(inject('dataDir'), email, '/verify-email');
      const linkUrl = new URL(link);
      expect(linkUrl.origin).toBe(inject('baseUrl'));
      expect(linkUrl.searchParams.get('next')).toBe(`/tip/${tip.id}`);

      // Item 2: opening the link spends nothing; one click confirms and signs in.
      await page.goto(link);
      const confirm = page.getByRole('button', { name: 'Confirmar mi cuenta' });
      await confirm.waitFor();
      await page.reload();
      await confirm.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      // By keyboard: the header's links come first, then the button, with a visible focus ring.
      await tabTo(page, confirm);
      await expectFocusRing(page);
      await expectNoOverflow(page);
      await screenshot(page, `sign-in-journeys-b-confirm-${name}`);
      await page.keyboard.press('Enter');

      await expect.poll(() => path(page)).toBe(`/tip/${tip.id}`);
      await page.getByRole('heading', { level: 1, name: tip.title }).waitFor();
      await nav(page).getByRole('link', { name: 'Panel' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await screenshot(page, `sign-in-journeys-b-signed-in-${name}`);

      // The link stays single use.
      const again = await api('/auth/verify-email', { method: 'POST', body: { token: linkUrl.searchParams.get('token') } });
      expect(again.status).toBe(400);
      // And the phone was stored as typed, normalised (item 4).
      const me = await api('/auth/me_verify', {
        method: 'POST',
        token: String(await page.evaluate(() => localStorage.getItem('token'))),
      });
      expect((me.body.user as Json).phone).toBe('600123456');
      expect(errors).toEqual([]);
    });

    it(`(c) ${name}: a malicious next (//evil.example) lands on / instead, from the login form and from an e-mail link`, async () => {
      const account = await freshAccount(`malicia-${name}`, { firstName: 'Iris', lastName: 'Segura' }, PASSWORD);
      s = await openBrowser(viewport);
      await acceptDisclaimerUpFront(s.context);
      const { page } = s;
      const base = new URL(inject('baseUrl'));
      const offSite: string[] = [];
      page.on('request', (req) => {
        const host = new URL(req.url()).hostname;
        if (host !== base.hostname) offSite.push(req.url());
      });

      await page.goto('/login?next=//evil.example');
      await expectNoOverflow(page);
      await screenshot(page, `sign-in-journeys-c-login-${name}`);
      await signInWithForm(page, account.email, PASSWORD);
      await expect.poll(() => path(page)).toBe('/');
      expect(new URL(page.url()).host).toBe(base.host);
      await nav(page).getByRole('link', { name: 'Panel' }).waitFor();
      await screenshot(page, `sign-in-journeys-c-home-${name}`);

      // The same through a confirmation link someone crafted, for an account registered
      // elsewhere: decision 0082, the link confirms it and signs nobody in; the page names the
      // account and its way to sign in drops the malicious next.
      const elsewhere = newEmail(`malicia-otro-${name}`);
      const registered = await api('/auth/register', {
        method: 'POST',
        body: { firstName: 'Iris', lastName: 'Segura', email: elsewhere, password: PASSWORD, dateOfBirth: '1990-02-03' },
      });
      expect(registered.status).toBe(201);
      const otherLink = new URL(await waitForEmailLink(inject('dataDir'), elsewhere, '/verify-email'));
      otherLink.searchParams.set('next', '//evil.example');
      await page.goto(`${otherLink.pathname}${otherLink.search}`);
      await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click();
      await page.getByText('Tu email está confirmado. Inicia sesión con tu contraseña.').waitFor();
      await page.getByText(`Cuenta confirmada: ${elsewhere}`).waitFor();
      expect(await page.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
      expect(path(page)).toBe('/verify-email');
      await expectNoOverflow(page);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `sign-in-journeys-c-confirmed-elsewhere-${name}`);

      // And for one this browser registered (its context keeps the sign-up's cookie): signed in,
      // on / rather than off-site.
      const email = newEmail(`malicia-link-${name}`);
      const here = await page.request.post('/api/auth/register', {
        headers: { 'x-forwarded-for': `10.9.${serial % 250}.${(Date.now() % 250) + 1}` },
        data: { firstName: 'Iris', lastName: 'Segura', email, password: PASSWORD, dateOfBirth: '1990-02-03' },
      });
      expect(here.status()).toBe(201);
      const link = new URL(await waitForEmailLink(inject('dataDir'), email, '/verify-email'));
      link.searchParams.set('next', '//evil.example');
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByRole('button', { name: 'Confirmar mi cuenta' }).click();
      await expect.poll(() => path(page)).toBe('/');
      expect(new URL(page.url()).host).toBe(base.host);
      expect(offSite.filter((u) => u.includes('evil.example'))).toEqual([]);
    });
  }

  it('(a, Google) desktop: the free tip → /login?next=… → "Continuar con Google" → back on the tip', async () => {
    const reader = await freshAccount('lector-google', { firstName: 'Gil', lastName: 'Lector' }, PASSWORD);
    const tip = await freeTip(reader.token);
    await nextGoogleSignIn({ birthday: '1989-09-09', givenName: 'Greta', familyName: 'Google' });
    s = await openBrowser(DESKTOP);
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;

    await page.goto('/');
    await page.getByRole('button', { name: 'Leer análisis completo' }).click();
    await expect.poll(() => path(page)).toBe('/login');
    await page.getByRole('link', { name: 'Continuar con Google' }).click();

    await expect.poll(() => path(page), { timeout: 20_000 }).toBe(`/tip/${tip.id}`);
    await page.getByRole('heading', { level: 1, name: tip.title }).waitFor();
    await nav(page).getByRole('link', { name: 'Panel' }).waitFor();
    // Taken once: nothing is left for a later sign-in in this tab.
    expect(await page.evaluate(() => sessionStorage.getItem('magotips.googleNext'))).toBeNull();
  });
});
