import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  sessionIdOf,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { buildTestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { loadConfig } from '../../config/config';
import { packPurchases, plans, transactions } from '../../db/schema';

let t: PaymentsTestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

async function user() {
  const u = await createTestUser(t.database.db, { now: t.time.now() });
  return { id: u.id, headers: async () => bearerAt(t.database.db, u.id, t.time.now()) };
}
type U = Awaited<ReturnType<typeof user>>;

async function buyPack(u: U, packId = t.ids.packEurope) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/packs/create-payment-stripe',
    headers: await u.headers(),
    payload: {
      packId,
      amount: 19.99,
      currency: 'USD',
      paymentMethod: 'stripe',
      immediateAccessConsent: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    success: true;
    message: string;
    payment: { transactionId: string; stripeCheckoutUrl: string };
  };
}

/** The checkout URL is absolute (APP_URL); inject wants the path. */
const pathOf = (url: string) => new URL(url).pathname;
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('simulated provider: a pack from checkout page to reading its tips', () => {
  it('shows a test-mode page, pays once with a 303 to the success URL, and unlocks the tips', async () => {
    const u = await user();
    const created = await buyPack(u);
    expect(created.payment.stripeCheckoutUrl).toMatch(
      /^https:\/\/magotips\.test\/api\/payments\/simulated\/checkout\/sim_cs_[A-Za-z0-9_-]+$/,
    );
    const sessionId = sessionIdOf(created.payment.stripeCheckoutUrl);
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(created.payment.stripeCheckoutUrl),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('MODO DE PRUEBA');
    expect(page.body).toContain('modo de prueba');
    expect(page.body).toContain('Pack Fin de Semana Europeo');
    expect(page.body).toContain('$19.99 USD');
    expect(page.body).toContain(`action="/api/payments/simulated/checkout/${sessionId}/pay"`);
    expect(page.body).toContain(`action="/api/payments/simulated/checkout/${sessionId}/cancel"`);
    // The CSP allows no inline code: no script at all, no inline styles, a linked sheet.
    expect(page.body).not.toMatch(/<script|style=|<style/i);
    expect(page.body).toContain('rel="stylesheet" href="/api/payments/simulated/checkout.css"');
    expect(String(page.headers['content-security-policy'])).toContain("form-action 'self'");
    const css = await t.app.inject({ method: 'GET', url: '/api/payments/simulated/checkout.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');

    // Before paying the premium tip stays locked and the payment is pending.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/tips/${t.ids.tipInEurope}`,
          headers: await u.headers(),
        })
      ).statusCode,
    ).toBe(403);
    const pending = await t.app.inject({
      method: 'GET',
      url: `/api/packs/check-payment/${created.payment.transactionId}`,
      headers: await u.headers(),
    });
    expect(pending.json().transaction).toMatchObject({
      status: 'pending',
      type: 'pack',
      amount: 19.99,
      currency: 'USD',
    });

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${sessionId}/pay`,
      headers: form,
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `https://magotips.test/payment/success?session_id=${sessionId}&type=pack`,
    );

    const check = await t.app.inject({
      method: 'GET',
      url: `/api/packs/check-payment/${created.payment.transactionId}`,
      headers: await u.headers(),
    });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({
      success: true,
      message: 'Pago completado correctamente.',
      transaction: {
        _id: created.payment.transactionId,
        transactionId: created.payment.transactionId,
        status: 'completed',
        amount: 19.99,
        currency: 'USD',
        type: 'pack',
        pack: { _id: t.ids.packEurope, nombre: 'Pack Fin de Semana Europeo' },
        plan: null,
        planData: null,
        completedAt: expect.any(String),
      },
    });
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/packs/verify-session/${sessionId}`,
      headers: await u.headers(),
    });
    expect(verify.json().transaction.status).toBe('completed');

    const tip = await t.app.inject({
      method: 'GET',
      url: `/api/tips/${t.ids.tipInEurope}`,
      headers: await u.headers(),
    });
    expect(tip.statusCode).toBe(200);
    expect(tip.json().tip.analisis).toEqual(expect.any(String));
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/packs/verify-status/${t.ids.packEurope}`,
      headers: await u.headers(),
    });
    expect(status.json()).toEqual({ success: true, isPurchased: true });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/packs/mis-packs',
      headers: await u.headers(),
    });
    expect(mine.json().data).toEqual([
      {
        pack: {
          _id: t.ids.packEurope,
          nombre: 'Pack Fin de Semana Europeo',
          descripcion: expect.any(String),
          precio: 19.99,
        },
        tipsDisponibles: 4,
        fechaCompra: t.time.now().toISOString(),
        tips: expect.arrayContaining([
          expect.objectContaining({ title: 'Alcaraz vs. Sinner', icon: 'tennis' }),
        ]),
      },
    ]);
    expect(mine.json().data[0].tips).toHaveLength(4);

    // A second click (or the back button) pays nothing more.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${sessionId}/pay`,
      headers: form,
      payload: '',
    });
    expect(again.statusCode).toBe(303);
    const purchases = await t.database.db
      .select()
      .from(packPurchases)
      .where(eq(packPurchases.userId, u.id));
    expect(purchases).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: pathOf(created.payment.stripeCheckoutUrl) }))
        .statusCode,
    ).toBe(410);

    // One Spanish receipt, from the queue (decision 0064).
    await t.app.jobs.runDue();
    const receipts = readOutbox(t.dataDir).filter((m) =>
      decodeMail(m.raw).includes(created.payment.transactionId),
    );
    expect(receipts).toHaveLength(1);
    expect(decodeMail(receipts[0]?.raw ?? '')).toContain('Hemos recibido tu pago de $19.99 USD');
  });

  it('Cancelar answers 303 to the cancel URL and charges nothing; the pack can be bought again', async () => {
    const u = await user();
    const created = await buyPack(u);
    const sessionId = sessionIdOf(created.payment.stripeCheckoutUrl);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${sessionId}/cancel`,
      headers: form,
      payload: 'x=1',
    });
    expect(cancel.statusCode).toBe(303);
    expect(cancel.headers.location).toBe('https://magotips.test/payment/cancel');
    const tx = await transactionRow(t.database.db, created.payment.transactionId);
    expect(tx.status).toBe('cancelled');
    expect(tx.completedAt).toBeNull();
    const check = await t.app.inject({
      method: 'GET',
      url: `/api/packs/check-payment/${tx.id}`,
      headers: await u.headers(),
    });
    expect(check.json().transaction.status).toBe('cancelled');
    // The page is closed for good: no late payment of a cancelled checkout.
    expect(
      (await t.app.inject({ method: 'GET', url: pathOf(created.payment.stripeCheckoutUrl) }))
        .statusCode,
    ).toBe(410);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${sessionId}/pay`,
      headers: form,
      payload: '',
    });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('no está disponible');
    expect(
      await t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, u.id)),
    ).toHaveLength(0);
    await buyPack(u);
  });

  it('refuses to take a payment once the session has expired, and the pack is not blocked', async () => {
    const u = await user();
    const created = await buyPack(u);
    const sessionId = sessionIdOf(created.payment.stripeCheckoutUrl);
    t.time.advance(31 * MINUTE);
    try {
      expect(
        (await t.app.inject({ method: 'GET', url: pathOf(created.payment.stripeCheckoutUrl) }))
          .statusCode,
      ).toBe(410);
      const pay = await t.app.inject({
        method: 'POST',
        url: `/api/payments/simulated/checkout/${sessionId}/pay`,
        headers: form,
        payload: '',
      });
      expect(pay.statusCode).toBe(410);
      const again = await buyPack(u);
      expect(again.payment.transactionId).not.toBe(created.payment.transactionId);
      expect((await transactionRow(t.database.db, created.payment.transactionId)).status).toBe(
        'expired',
      );
    } finally {
      t.time.advance(-31 * MINUTE);
    }
  });

  it('answers an unknown or malformed session with a closed page, never a 500', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/payments/simulated/checkout/sim_cs_doesnotexist000000',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/simulated/checkout/sim_cs_doesnotexist000000/pay',
          headers: form,
          payload: '',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/payments/simulated/checkout/%27%3Cx%3E' }))
        .statusCode,
    ).toBe(400);
  });

  it('has no webhook without Stripe', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('simulated provider: subscriptions', () => {
  it('pays a recurring plan: the user becomes a subscriber until one month later', async () => {
    const u = await user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'premium',
        amount: 19.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transactionId, stripeCheckoutUrl } = res.json().payment;
    const page = await t.app.inject({ method: 'GET', url: pathOf(stripeCheckoutUrl) });
    expect(page.body).toContain('Todos los tips VIP');
    expect(page.body).toContain('Suscripción que se renueva cada mes');
    const sessionId = sessionIdOf(stripeCheckoutUrl);
    const paid = await t.app.inject({
      method: 'POST',
      url: `${pathOf(stripeCheckoutUrl)}/pay`,
      headers: form,
      payload: '',
    });
    expect(paid.headers.location).toBe(
      `https://magotips.test/payment/success?session_id=${sessionId}&type=subscription`,
    );

    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/verify-session/${sessionId}`,
      headers: await u.headers(),
    });
    expect(verify.json().transaction).toMatchObject({
      transactionId,
      status: 'completed',
      type: 'subscription',
      plan: 'premium',
      planData: { name: 'Todos los tips VIP', duration: 1 },
      isRecurring: true,
      pack: null,
    });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await u.headers(),
    });
    expect(me.json().user.subscription).toEqual({
      hasActiveSubscription: true,
      plan: 'premium',
      endDate: '2026-07-01T12:00:00.000Z',
      isRecurring: true,
      daysRemaining: 30,
      planKey: 'premium',
      planName: 'Todos los tips VIP',
      durationMonths: 1,
      grantsAllVipTips: true,
      includesPacks: true,
      trialEndsAt: null,
      trialThenAmount: null,
      // The simulated provider renews without a provider subscription (decision 0050).
      source: 'subscription',
      // Our own payment job charges it at the end date (decision 0086).
      nextChargeDate: '2026-07-01T12:00:00.000Z',
      // The period's price (decision 0100: plus a plan change's adjustment, none here).
      nextChargeAmount: 19.99,
      // No renewal charge has failed (decision 0095).
      paymentPending: false,
      nextPaymentAttempt: null,
    });
    const vip = await t.app.inject({
      method: 'GET',
      url: '/api/packs/tips-vips',
      headers: await u.headers(),
    });
    expect(vip.json().success).toBe(true);
    const sub = await subscriptionOf(t.database.db, u.id);
    expect(sub).toMatchObject({
      provider: 'simulated',
      providerSubscriptionId: `sim_sub_${transactionId}`,
    });
  });

  it('pays a one-off plan: active, not renewing', async () => {
    const u = await user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'basic',
        amount: 9.99,
        currency: 'usd',
        recurring: false,
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().payment.stripeCheckoutUrl;
    expect((await t.app.inject({ method: 'GET', url: pathOf(url) })).body).toContain(
      'Suscripción de 1 mes (pago único)',
    );
    await t.app.inject({ method: 'POST', url: `${pathOf(url)}/pay`, headers: form, payload: '' });
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await u.headers(),
    });
    expect(me.json().user.subscription).toMatchObject({
      hasActiveSubscription: true,
      plan: 'basic',
      isRecurring: false,
      daysRemaining: 30,
    });
  });
});

describe('simulated provider: a plan with a key of its own (issue 12 item 13)', () => {
  it('the subscriber keeps the plan bought, by name and duration, even once it is renamed', async () => {
    const [plan] = await t.database.db
      .insert(plans)
      .values({ name: 'Plan Trimestral', key: 'trimestral', priceCents: 4999, durationMonths: 3 })
      .returning();
    const u = await user();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'trimestral',
        amount: 49.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().payment.stripeCheckoutUrl;
    await t.app.inject({ method: 'POST', url: `${pathOf(url)}/pay`, headers: form, payload: '' });
    // Renaming the plan later does not change what was bought.
    await t.database.db.update(plans).set({ name: 'Otro nombre' }).where(eq(plans.id, plan!.id));
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await u.headers(),
    });
    expect(me.json().user.subscription).toMatchObject({
      hasActiveSubscription: true,
      // SPEC's four values: any paid plan of another key reads as premium (decision 0029).
      plan: 'premium',
      planKey: 'trimestral',
      planName: 'Plan Trimestral',
      durationMonths: 3,
      isRecurring: true,
    });
  });
});

describe('SIMULATED_PAYMENTS', () => {
  const base = {
    JWT_SECRET: 'x'.repeat(40),
    DATA_DIR: '/tmp/magotips-sim-config',
    SEED_DEMO: 'false',
    SMTP_URL: 'smtp://127.0.0.1:1',
    MAIL_FROM: 'MagoTips <a@magotips.test>',
    LEDGER_PRIVATE_KEY: 'A'.repeat(43),
    APP_URL: 'https://magotips.test',
    SELLER_NAME: 'MagoTips S.L.',
    SELLER_TAX_ID: 'B12345674',
    SELLER_ADDRESS: 'Calle 1, Madrid',
  };
  const load = (env: Record<string, string>) =>
    loadConfig({ ...base, ...env }, { webDistDir: '/tmp/web' }).simulatedPayments;

  it('is on in development, off in production unless asked for, and never beside a Stripe key', () => {
    expect(load({})).toBe(true);
    expect(load({ NODE_ENV: 'production' })).toBe(false);
    expect(load({ NODE_ENV: 'production', SIMULATED_PAYMENTS: 'true' })).toBe(true);
    expect(load({ SIMULATED_PAYMENTS: 'false' })).toBe(false);
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_x', SIMULATED_PAYMENTS: 'true' })).toBe(false);
  });

  it('without any provider, payments answer a Spanish 503 and nothing is recorded', async () => {
    const off = await buildTestApp({ env: { SIMULATED_PAYMENTS: 'false' } });
    try {
      const u = await createTestUser(off.database.db);
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/subscriptions/create-payment-stripe',
        headers: { authorization: u.authorization },
        payload: {
          plan: 'premium',
          amount: 19.99,
          currency: 'USD',
          recurring: true,
          immediateAccessConsent: true,
        },
      });
      // No plans in this empty database: 404 comes first; with a plan, 503.
      expect(res.statusCode).toBe(404);
      await off.database.db
        .insert(plans)
        .values({ key: 'premium', name: 'Plan Premium', priceCents: 1999 });
      const again = await off.app.inject({
        method: 'POST',
        url: '/api/subscriptions/create-payment-stripe',
        headers: { authorization: u.authorization },
        payload: {
          plan: 'premium',
          amount: 19.99,
          currency: 'USD',
          recurring: true,
          immediateAccessConsent: true,
        },
      });
      expect(again.statusCode).toBe(503);
      expect(again.json()).toEqual({
        success: false,
        code: 'PAYMENTS_DISABLED',
        message: 'Los pagos no están disponibles en este momento. Intenta más tarde.',
      });
      expect(await off.database.db.select().from(transactions)).toHaveLength(0);
      expect(
        (
          await off.app.inject({
            method: 'GET',
            url: '/api/payments/simulated/checkout/sim_cs_abcdefghijklmnop',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});
