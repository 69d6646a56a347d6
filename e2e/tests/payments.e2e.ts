import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { collectErrors, DESKTOP, openBrowser, pageShot, PHONE, seriousAxeViolations, type Session } from '../support/browser';
import { freshAccount, premiumTipId } from '../support/api';
import { TRIAL_USED_EMAILS } from '../support/journey-accounts';
import { confirmPurchase } from '../support/checkout';
import { DEMO, signIn } from '../support/session';
import { TRIAL_PLAN, TRIAL_PLAN_RADIO } from '../support/trial';

// Payments on the simulated provider (no Stripe keys): the product's own checkout page, marked
// "modo de prueba", whose Pagar runs the same fulfilment as a Stripe webhook.

let s: Session | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'clave-segura-1';
const EUROPE_PACK = 'Pack Fin de Semana Europeo';
const EUROPE_TIP = 'Alcaraz vs. Sinner';

/** A fresh, confirmed account per journey: the server keeps one database for the whole run and
 * other files use the demo accounts, whose purchases must not change under them. */
async function freshBuyer(label: string): Promise<string> {
  const { email } = await freshAccount(`pay-${label}`, { firstName: 'Carla', lastName: 'Compradora' }, PASSWORD);
  return email;
}


const stored = (page: Page, key: string) =>
  page.evaluate((k) => window.localStorage.getItem(k), key);

const packCard = (page: Page, name: string) =>
  page
    .getByRole('tabpanel', { name: 'Packs Disponibles' })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The result page's detail row for `label`. */
const detail = (page: Page, label: string) =>
  page.locator('.result-details__row').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');

async function payOnSimulatedCheckout(page: Page, amount: string) {
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/api\/payments\/simulated\/checkout\//);
  await page.getByRole('heading', { name: 'Pago en modo de prueba' }).waitFor();
  await page.getByRole('button', { name: `Pagar ${amount}` }).click();
}

describe('payments on the simulated provider', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a plain user subscribes with recurring payment and then reads VIP tips (${name})`, async () => {
      // The demo's monthly plan opens with a free trial (decision 0098): this buyer's e-mail has
      // had one (seeded before the server started), so the plan is paid at checkout, and the
      // purchase page says so before paying.
      const { email } = await freshAccount(
        `sub-${name}`,
        { firstName: 'Carla', lastName: 'Compradora' },
        PASSWORD,
        { email: TRIAL_USED_EMAILS[name] },
      );
      s = await openBrowser(viewport);
      await signIn(s.context, email, PASSWORD);
      const { page } = s;
      const errors = collectErrors(page);

      await page.goto('/');
      await page.getByRole('link', { name: 'Suscribirse' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Elige tu plan' }).waitFor();
      const basic = page.getByRole('radio', { name: /^Packs VIP/ });
      await basic.waitFor();
      expect(await basic.isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: /Pago recurrente/ }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: /Stripe/ }).isChecked()).toBe(true);
      // By keyboard: the coming-soon providers stay reachable (aria-disabled) to explain themselves.
      await page.getByRole('radio', { name: /Stripe/ }).focus();
      await page.keyboard.press('ArrowDown');
      await page
        .getByText('PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.')
        .waitFor();
      expect(await page.getByRole('radio', { name: /Stripe/ }).isChecked()).toBe(true);
      expect(await seriousAxeViolations(page), '/subscription').toEqual([]);
      await pageShot(page, `subscription-${name}`);

      await page.getByRole('radio', { name: TRIAL_PLAN_RADIO }).check();
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { level: 1, name: `Suscripción: ${TRIAL_PLAN}` }).waitFor();
      const summary = page.getByRole('region', { name: 'Resumen de la compra' });
      expect(await summary.textContent()).toMatch(/\$19\.99 USD \/ mes/);
      expect(await summary.textContent()).toMatch(/Sí, cada mes/);
      await page.getByText('Ya disfrutaste de una prueba gratuita: esta suscripción se cobra hoy, sin periodo de prueba.').waitFor();
      expect(await seriousAxeViolations(page), '/purchase (subscription)').toEqual([]);
      await pageShot(page, `purchase-subscription-${name}`);

      await confirmPurchase(page, '$19.99');
      if (name === 'desktop') {
        await page.getByRole('heading', { name: 'Pago en modo de prueba' }).waitFor();
        await pageShot(page, 'simulated-checkout-desktop');
      }
      await payOnSimulatedCheckout(page, '$19.99 USD');

      await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();
      expect(new URL(page.url()).searchParams.get('type')).toBe('subscription');
      expect(await detail(page, 'Plan').textContent()).toBe(TRIAL_PLAN);
      expect(await detail(page, 'Importe').textContent()).toBe('$19.99 USD');
      expect(await detail(page, 'Estado').textContent()).toBe('Completado');
      expect(await detail(page, 'Duración').textContent()).toBe('1 mes');
      expect(await detail(page, 'ID de transacción').textContent()).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => stored(page, 'lastSubscriptionTransactionId')).toBeNull();
      expect(await seriousAxeViolations(page), '/payment/success').toEqual([]);
      await pageShot(page, `payment-success-subscription-${name}`);

      // Without signing in again: the session user now has the subscription.
      await page.getByRole('link', { name: 'Ir al inicio' }).click();
      await page
        .getByRole('tabpanel', { name: 'Packs Disponibles' })
        .getByText('Tienes una suscripción VIP activa')
        .waitFor();
      await page.getByRole('tab', { name: 'Tips VIP' }).click();
      const vip = page.getByRole('tabpanel', { name: 'Tips VIP' });
      await vip.getByRole('article').first().waitFor();
      await vip.getByRole('button', { name: 'Leer análisis completo' }).first().click();
      expect(await page.getByRole('dialog').textContent()).toMatch(/stake/);

      expect(errors).toEqual([]);
    });
  }

  it('a plain user buys a pack, sees it as Comprado and reads its premium tip', async () => {
    const tipId = await premiumTipId(EUROPE_TIP);
    const email = await freshBuyer('pack');
    s = await openBrowser(PHONE);
    await signIn(s.context, email, PASSWORD);
    const { page } = s;
    const errors = collectErrors(page);

    await page.goto('/');
    const card = packCard(page, EUROPE_PACK);
    await card.getByRole('button', { name: 'Comprar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
    const summary = page.getByRole('region', { name: 'Resumen de la compra' });
    expect(await summary.getByRole('listitem').count()).toBe(3);
    expect(await summary.textContent()).toMatch(/\.\.\. y 1 partido más/);
    expect(await summary.textContent()).toMatch(/\$19\.99 USD/);
    expect(await seriousAxeViolations(page), '/purchase (pack)').toEqual([]);
    await pageShot(page, 'purchase-pack-phone');

    await confirmPurchase(page, '$19.99');
    await payOnSimulatedCheckout(page, '$19.99 USD');

    await page.getByRole('heading', { level: 1, name: '¡Pago Exitoso!' }).waitFor();
    expect(await detail(page, 'Pack').textContent()).toBe(EUROPE_PACK);
    expect(await detail(page, 'Importe').textContent()).toBe('$19.99 USD');
    expect(await detail(page, 'Estado').textContent()).toBe('Completado');
    await expect.poll(() => stored(page, 'lastPackTransactionId')).toBeNull();
    expect(await seriousAxeViolations(page), '/payment/success (pack)').toEqual([]);
    await pageShot(page, 'payment-success-pack-phone');

    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    const bought = packCard(page, EUROPE_PACK).getByRole('button', { name: /Comprado/ });
    await bought.waitFor();
    expect(await bought.isDisabled()).toBe(true);

    await page.goto(`/tip/${tipId}`);
    await page.getByText(/cuatro o cinco sets/).waitFor();
    expect(await page.getByText('Análisis VIP').count()).toBe(0);

    expect(errors).toEqual([]);
  });

  it('a cancelled checkout shows the cancel page, charges nothing and leaves the pack to buy', async () => {
    const email = await freshBuyer('cancel');
    s = await openBrowser(DESKTOP);
    await signIn(s.context, email, PASSWORD);
    const { page } = s;
    const errors = collectErrors(page);

    await page.goto('/');
    await packCard(page, EUROPE_PACK).getByRole('button', { name: 'Comprar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
    await pageShot(page, 'purchase-pack-desktop');
    await confirmPurchase(page, '$19.99');
    await page.getByRole('heading', { name: 'Pago en modo de prueba' }).waitFor();
    expect(await stored(page, 'lastPackTransactionId')).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Cancelar' }).click();

    await page.getByRole('heading', { level: 1, name: 'Pago cancelado' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/payment/cancel');
    await page.getByText(/no se ha realizado ningún cargo/).waitFor();
    expect(await page.getByRole('link', { name: 'Intentar de nuevo' }).getAttribute('href')).toBe(
      '/subscription',
    );
    // The cancelled payment no longer blocks a new one.
    await expect.poll(() => stored(page, 'lastPackTransactionId')).toBeNull();
    expect(await seriousAxeViolations(page), '/payment/cancel').toEqual([]);
    await pageShot(page, 'payment-cancel-desktop');

    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    const buy = packCard(page, EUROPE_PACK).getByRole('button', { name: 'Comprar' });
    await buy.waitFor();
    expect(await buy.isEnabled()).toBe(true);

    // Nothing was bought, and a second attempt reaches the checkout again.
    const status = await page.evaluate(async () => {
      const res = await fetch('/api/packs/disponibles', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      const body = (await res.json()) as { data: { nombre: string; isPurchased: boolean }[] };
      return body.data.find((p) => p.nombre === 'Pack Fin de Semana Europeo')?.isPurchased;
    });
    expect(status).toBe(false);
    await buy.click();
    await confirmPurchase(page, '$19.99');
    await page.getByRole('heading', { name: 'Pago en modo de prueba' }).waitFor();

    expect(errors).toEqual([]);
  });

  it('explains a checkout already open for the pack elsewhere (409 ACTIVE_STRIPE_SESSION)', async () => {
    const email = await freshBuyer('open-session');
    s = await openBrowser(PHONE);
    await signIn(s.context, email, PASSWORD);
    const { page } = s;

    await page.goto('/');
    await packCard(page, EUROPE_PACK).getByRole('button', { name: 'Comprar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Comprar Pack' }).waitFor();
    // The same pack's checkout opened in another tab or device: this browser stored nothing.
    const opened = await page.evaluate(async () => {
      const { item } = (window.history.state as { usr: { item: { _id: string; precio: number } } }).usr;
      const res = await fetch('/api/packs/create-payment-stripe', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('token') ?? ''}`,
        },
        body: JSON.stringify({
          packId: item._id,
          amount: item.precio,
          currency: 'USD',
          paymentMethod: 'stripe',
          immediateAccessConsent: true,
        }),
      });
      return res.status;
    });
    expect(opened).toBe(201);

    await confirmPurchase(page, '$19.99');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Ya tienes una sesión de pago activa para este pack. Completa el pago actual antes de crear uno nuevo.',
    );
    expect(await page.getByRole('button', { name: 'Confirmar Compra - $19.99' }).isEnabled()).toBe(true);
    expect(await stored(page, 'lastPackTransactionId')).toBeNull();
    expect(await seriousAxeViolations(page), '/purchase with an error').toEqual([]);
    await pageShot(page, 'purchase-error-phone');
  });

  it('shows Error en la Verificación for a return address it cannot match', async () => {
    s = await openBrowser(PHONE);
    await signIn(s.context, DEMO.user);
    const { page } = s;
    await page.goto('/payment/success?session_id=sim_no_existe&type=pack');
    await page.getByRole('heading', { level: 1, name: 'Error en la Verificación' }).waitFor();
    await page.getByRole('link', { name: 'Ir al panel' }).waitFor();
    await pageShot(page, 'payment-error-phone');
  });
});
