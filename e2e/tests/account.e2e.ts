import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import {
  DESKTOP,
  openBrowser,
  PHONE,
  type Session,
  screenshot,
  seriousAxeViolations,
} from '../support/browser';
import { EXPIRING_SUBSCRIBER } from '../support/journey-accounts';
import { DEMO, DEMO_PASSWORD, signIn } from '../support/session';

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

type LoggedIn = { user: { subscription: { daysRemaining?: number | null; isRecurring: boolean } } };

/** What the server says about the subscription, to hold the page to it. */
async function serverSubscription(email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${inject('baseUrl')}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as LoggedIn).user.subscription;
}

function daysLeftOf(page: Page) {
  const card = page.getByRole('region', { name: 'Suscripción' });
  return card
    .locator('dt', { hasText: 'Días restantes' })
    .locator('xpath=following-sibling::dd[1]');
}

describe('/panel/cuenta subscription information', () => {
  it("shows the subscriber's days left and the renewal notice", async () => {
    const subscription = await serverSubscription(DEMO.vip);
    expect(subscription.isRecurring).toBe(true);
    const days = subscription.daysRemaining;
    expect(days).toBeGreaterThan(7);

    s = await openBrowser(DESKTOP);
    await signIn(s.context, DEMO.vip);
    await s.page.goto('/panel/cuenta');
    const card = s.page.getByRole('region', { name: 'Suscripción' });
    await card.waitFor();

    expect((await daysLeftOf(s.page).textContent())?.trim()).toBe(`${days} días`);
    expect(await daysLeftOf(s.page).getAttribute('class')).toBeNull();
    expect(await card.textContent()).toContain('Tu suscripción se renovará automáticamente el');
    expect(await card.getByRole('alert').count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Cancelar renovación automática' }).count()).toBe(
      1,
    );
    const packs = s.page.getByRole('region', { name: 'Mis packs' });
    await packs.getByText('Todavía no has comprado ningún pack.').waitFor();

    // The confirmation before cancelling, left without cancelling (the demo account stays as is).
    await card.getByRole('button', { name: 'Cancelar renovación automática' }).click();
    const dialog = s.page.getByRole('alertdialog', { name: '¿Cancelar la renovación automática?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(s.page)).toEqual([]);
    await screenshot(s.page, 'panel-cuenta-cancel-dialog-desktop');
    await dialog.getByRole('button', { name: 'Mantener renovación' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await seriousAxeViolations(s.page)).toEqual([]);
    await screenshot(s.page, 'panel-cuenta-vip-desktop');
    expect((await serverSubscription(DEMO.vip)).isRecurring).toBe(true);
  });

  it('warns a subscription that ends in 5 days without renewing', async () => {
    const account = EXPIRING_SUBSCRIBER;
    const subscription = await serverSubscription(account.email, account.password);
    expect(subscription).toMatchObject({ daysRemaining: account.daysLeft, isRecurring: false });

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      s = await openBrowser(viewport);
      await signIn(s.context, account.email, account.password);
      await s.page.goto('/panel/cuenta');
      const card = s.page.getByRole('region', { name: 'Suscripción' });
      await card.waitFor();

      expect((await daysLeftOf(s.page).textContent())?.trim()).toBe(`⚠ ${account.daysLeft} días`);
      expect(await daysLeftOf(s.page).getAttribute('class')).toBe('account-facts__warning');
      expect(await card.getByRole('alert').textContent()).toContain(
        `Tu suscripción vence en ${account.daysLeft} días y no se renovará automáticamente.`,
      );
      expect(
        await card.getByRole('button', { name: 'Reactivar renovación automática' }).count(),
      ).toBe(1);
      const width = await s.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      expect(await seriousAxeViolations(s.page)).toEqual([]);
      await screenshot(s.page, `panel-cuenta-expiring-${name}`);
      await s.close();
      s = undefined;
    }
  });
});
