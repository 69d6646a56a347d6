import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { acceptDisclaimerUpFront, DESKTOP, openBrowser, PHONE, type Session, screenshot } from '../support/browser';
import { birthdayYearsAgo, nextGoogleSignIn } from '../support/google';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });

/** From /login through the local Google (which answers at once) and back to the app. */
async function signInWithGoogle(page: Page) {
  await page.goto('/login');
  await page.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
  await page.getByRole('link', { name: 'Continuar con Google' }).click();
}

describe('Google sign-in', () => {
  it('signs a new adult in through the provider and lands on / with the panel link', async () => {
    s = await openBrowser(DESKTOP);
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    const person = await nextGoogleSignIn({ birthday: '1990-05-04', givenName: 'Lucía', familyName: 'Google' });
    // Every address the browser visits: the trip must pass through the provider.
    const visited: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(request.url());
    });

    await signInWithGoogle(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await nav(page).getByRole('link', { name: 'Panel' }).waitFor();

    expect(visited.some((url) => url.includes('/authorize?'))).toBe(true);
    expect(visited.some((url) => url.includes('/api/auth/google/callback?code='))).toBe(true);
    // The app's callback got a one-time code, never a session (issue 12, item 2).
    const appCallback = visited.find((url) => new URL(url).pathname === '/auth/callback');
    expect(appCallback).toMatch(/\/auth\/callback\?code=[\w-]+$/);
    expect(visited.some((url) => url.includes('token='))).toBe(false);
    // The token reached storage, and left neither the address bar nor the history.
    expect(page.url()).not.toContain('token=');
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem('token'),
      user: JSON.parse(localStorage.getItem('user') ?? 'null') as { email: string; socialLogin: { google: boolean } },
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toMatchObject({ email: person.email, socialLogin: { google: true } });
    await page.goBack();
    expect(page.url()).not.toContain('/auth/callback');

    // The session is a real one, for an account with Google's name and birthday.
    const me = await fetch(`${inject('baseUrl')}/api/auth/me_verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stored.token}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: unknown }).user).toMatchObject({
      email: person.email,
      firstName: 'Lucía',
      lastName: 'Google',
      dateOfBirth: '1990-05-04',
    });

    // The same callback address opened in another browser signs nobody in.
    const other = await openBrowser(PHONE);
    try {
      await acceptDisclaimerUpFront(other.context);
      await other.page.goto(appCallback ?? '/auth/callback');
      // The refused trade is a round trip from a fresh browser: patient under CI load.
      await expect.poll(() => `${new URL(other.page.url()).pathname}${new URL(other.page.url()).search}`, { timeout: 20_000 }).toBe(
        '/login?error=invalid_data',
      );
      expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await screenshot(other.page, 'google-callback-other-browser-phone');
    } finally {
      await other.close();
    }
  });

  it('sends someone under 21 back to /login with the underage message, signed out', async () => {
    s = await openBrowser(PHONE);
    await acceptDisclaimerUpFront(s.context);
    const { page } = s;
    // Turns 21 tomorrow.
    await nextGoogleSignIn({ birthday: birthdayYearsAgo(21, 1) });

    await signInWithGoogle(page);
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(
      '/login?error=underage',
    );
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Debes ser mayor de 21 años para registrarte...');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-google-underage-phone');
  });
});
