import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { api, freshAccount } from '../support/api';
import { collectErrors, DESKTOP, openBrowser, pageShot, PHONE, seriousAxeViolations, type Session } from '../support/browser';
import { layoutShift, recordLayoutShifts } from '../support/layout-shift';
import { readOutbox } from '../support/outbox';
import { signIn } from '../support/session';

// Issue 30 items 4 and 5 on the simulated provider (decisions 0095, 0096): a subscriber's
// renewal is declined by the simulated card 0341, the account says "Pago pendiente" with the
// next attempt, and "Gestionar pago" opens the simulated portal, where they update the card
// (desktop) or cancel after confirming (phone).

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'clave-segura-1';

/** A fresh account with a renewing Plan Premium, bought on the simulated checkout. */
async function freshSubscriber(label: string): Promise<string> {
  const { email, token } = await freshAccount(`dunning-${label}`, { firstName: 'Dora', lastName: 'Deudora' }, PASSWORD);
  const created = await api('/subscriptions/create-payment-stripe', {
    method: 'POST',
    token,
    body: { plan: 'premium', amount: 19.99, currency: 'USD', recurring: true, immediateAccessConsent: true },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { stripeCheckoutUrl } = created.body.payment as { stripeCheckoutUrl: string };
  const paid = await fetch(`${inject('baseUrl')}${new URL(stripeCheckoutUrl).pathname}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return email;
}

const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Suscripción' });

async function openPortal(page: Page) {
  await subscriptionCard(page).getByRole('button', { name: 'Gestionar pago' }).click();
  await page.getByRole('heading', { level: 1, name: 'Gestionar pago' }).waitFor();
  expect(new URL(page.url()).pathname).toMatch(/^\/api\/payments\/simulated\/portal\//);
}

async function backToAccount(page: Page) {
  await page.getByRole('link', { name: 'Volver a MagoTips' }).click();
  await page.getByRole('heading', { level: 1, name: 'Mi Cuenta' }).waitFor();
}

async function declineRenewal(page: Page, name: string) {
  await openPortal(page);
  expect(await seriousAxeViolations(page), 'portal simulado').toEqual([]);
  await page.getByRole('radio', { name: /0341/ }).check();
  await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
  await page.getByText('Tarjeta actualizada.').waitFor();
  await page.getByRole('button', { name: 'Simular el cobro de la renovación ahora' }).click();
  await page.getByText('La tarjeta fue rechazada.', { exact: false }).waitFor();
  await pageShot(page, `dunning-portal-declined-${name}`);
  await backToAccount(page);
}

async function expectPending(page: Page, email: string, name: string) {
  const card = subscriptionCard(page);
  await card.getByText('Pago pendiente', { exact: true }).first().waitFor();
  expect(await card.textContent()).toMatch(/Volveremos a intentarlo el \d{1,2} de \w+ de \d{4}/);
  expect(await card.textContent()).not.toMatch(/Procesando renovación/);
  await page.waitForTimeout(500);
  expect(await layoutShift(page), `CLS /panel/cuenta (${name})`).toBeLessThanOrEqual(0.1);
  expect(await seriousAxeViolations(page), '/panel/cuenta con pago pendiente').toEqual([]);
  await pageShot(page, `dunning-account-pending-${name}`);
  // One e-mail about the failed charge, with the way to the card.
  await expect
    .poll(async () => (await readOutbox(inject('dataDir'))).filter((m) => m.to.includes(email) && m.subject.startsWith('Problema con el pago')).length, { timeout: 15_000 })
    .toBe(1);
}

describe('a renewal that fails on the simulated provider', () => {
  it('shows "Pago pendiente", and updating the card in "Gestionar pago" charges it (desktop)', async () => {
    const email = await freshSubscriber('card');
    s = await openBrowser(DESKTOP);
    await recordLayoutShifts(s.context);
    await signIn(s.context, email, PASSWORD);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto('/panel/cuenta');
    await page.getByRole('heading', { level: 1, name: 'Mi Cuenta' }).waitFor();

    await declineRenewal(page, 'desktop');
    await expectPending(page, email, 'desktop');

    await openPortal(page);
    await page.getByRole('radio', { name: /4242/ }).check();
    await page.getByRole('button', { name: 'Guardar tarjeta' }).click();
    await page.getByText('Tarjeta actualizada y renovación cobrada.', { exact: false }).waitFor();
    await page.getByRole('cell', { name: 'Pagada' }).first().waitFor();
    await pageShot(page, 'dunning-portal-charged-desktop');
    await backToAccount(page);
    const card = subscriptionCard(page);
    await card.getByText('Activa', { exact: true }).waitFor();
    expect(await card.textContent()).not.toMatch(/Pago pendiente/);
    expect(errors).toEqual([]);
  });

  it('lets the subscriber cancel from "Gestionar pago" after confirming (phone)', async () => {
    const email = await freshSubscriber('cancel');
    s = await openBrowser(PHONE);
    await recordLayoutShifts(s.context);
    await signIn(s.context, email, PASSWORD);
    const { page } = s;
    const errors = collectErrors(page);
    await page.goto('/panel/cuenta');
    await page.getByRole('heading', { level: 1, name: 'Mi Cuenta' }).waitFor();

    await declineRenewal(page, 'phone');
    await expectPending(page, email, 'phone');

    await openPortal(page);
    await page.getByRole('button', { name: 'Cancelar suscripción' }).click();
    await page.getByRole('heading', { level: 1, name: '¿Cancelar la suscripción?' }).waitFor();
    expect(await seriousAxeViolations(page), 'confirmación de cancelación').toEqual([]);
    await pageShot(page, 'dunning-portal-cancel-confirm-phone');
    await page.getByRole('button', { name: 'Sí, cancelar suscripción' }).click();
    await page.getByText('Renovación cancelada.', { exact: false }).waitFor();
    await backToAccount(page);
    // The charge was pending past the period's end: cancelling ends the access now.
    await subscriptionCard(page).getByText('Sin suscripción activa').waitFor();
    await pageShot(page, 'dunning-account-cancelled-phone');
    expect(errors).toEqual([]);
  });
});
