import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, readOutbox } from '../../../test/mail';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  subscriptionOf,
} from '../../../test/payments';
import { createTestUser } from '../../../test/users';
import { plans, subscriptions } from '../../db/schema';
import { runPaymentMaintenance } from '../payments/payment-jobs';

/** Issue 30 items 4 and 5 without Stripe (decisions 0095, 0096): the simulated card that
 * declines, "Pago pendiente", and the simulated billing portal. */
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function subscriber() {
  const now = t.time.now();
  const u = await createTestUser(t.database.db, { now, subscriber: true });
  const [premium] = await t.database.db.select().from(plans).where(eq(plans.key, 'premium'));
  await t.database.db
    .update(subscriptions)
    .set({ planId: premium?.id ?? null, planName: premium?.name ?? '' })
    .where(eq(subscriptions.userId, u.id));
  return { ...u, headers: () => bearerAt(t.database.db, u.id, t.time.now()) };
}
type Sub = Awaited<ReturnType<typeof subscriber>>;

async function portalUrl(u: Sub): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/billing/portal',
    headers: await u.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(/^https:\/\/magotips\.test\/api\/payments\/simulated\/portal\//);
  return new URL(url).pathname;
}

async function form(path: string, body = '') {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}

async function account(u: Sub) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/me_verify',
    headers: await u.headers(),
  });
  return res.json().user.subscription as Record<string, unknown>;
}

async function mailsTo(email: string, text: string) {
  await t.app.jobs.runDue();
  return readOutbox(t.dataDir).filter(
    (m) => m.raw.includes(email) && decodeMail(m.raw).includes(text),
  );
}

describe('the simulated billing portal', () => {
  it('declines a renewal on card 0341 ("Pago pendiente", one e-mail), charges it on 4242, lists the invoice, then cancels after asking', async () => {
    const u = await subscriber();
    const path = await portalUrl(u);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gestionar pago');
    expect(page.body).toContain('Todavía no hay facturas.');

    expect((await form(`${path}/card`, 'card=0341')).headers.location).toBe(`${path}?m=card`);
    const declined = await form(`${path}/renew-now`);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`${path}?m=declined`);
    await form(`${path}/renew-now`); // a second click: the same attempt, no second e-mail
    const now = t.time.now();
    expect(await account(u)).toMatchObject({
      hasActiveSubscription: true,
      paymentPending: true,
      nextPaymentAttempt: new Date(now.getTime() + 2 * DAY).toISOString(),
    });
    expect(await mailsTo(u.email, 'No pudimos cobrar')).toHaveLength(1);
    const pendingPage = await t.app.inject({ method: 'GET', url: `${path}?m=declined` });
    expect(pendingPage.body).toContain('La tarjeta fue rechazada');
    expect(pendingPage.body).toContain('Volveremos a intentarlo el');

    expect((await form(`${path}/card`, 'card=4242')).headers.location).toBe(`${path}?m=charged`);
    const after = await account(u);
    expect(after).toMatchObject({ hasActiveSubscription: true, paymentPending: false });
    // A new month from now: the declined renewal came due now and is paid on the new card.
    expect(Date.parse(String(after.endDate)) - now.getTime()).toBeGreaterThan(27 * DAY);
    const listed = await t.app.inject({ method: 'GET', url: path });
    expect(listed.body).toContain('Todos los tips VIP');
    expect(listed.body).toContain('$19.99 USD');
    expect(listed.body).toContain('Pagada');

    const confirm = await t.app.inject({ method: 'GET', url: `${path}/cancel` });
    expect(confirm.body).toContain('¿Cancelar la suscripción?');
    expect((await form(`${path}/cancel`)).headers.location).toBe(`${path}?m=cancelled`);
    expect(await account(u)).toMatchObject({ hasActiveSubscription: true, isRecurring: false });
  });

  it('answers 410 to a forged or mangled link and a Spanish 400 to an unknown card', async () => {
    const u = await subscriber();
    const path = await portalUrl(u);
    const forged = `${path.slice(0, -4)}AAAA`;
    const res = await t.app.inject({ method: 'GET', url: forged });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('caducó');
    const bad = await form(`${path}/card`, 'card=1234');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Elige una tarjeta de prueba.');
  });

  it('lets the payment job decline a due renewal, retry it two days later, then end it with one e-mail', async () => {
    const u = await subscriber();
    await t.database.db
      .update(subscriptions)
      .set({ simulatedCardDeclines: true })
      .where(eq(subscriptions.userId, u.id));
    const start = t.time.now();
    const end = (await subscriptionOf(t.database.db, u.id))?.endDate ?? start;
    try {
      t.time.set(new Date(end.getTime() + 60_000));
      expect((await runPaymentMaintenance(t.app.payments, t.database.db))?.declined).toBe(1);
      expect(await account(u)).toMatchObject({ hasActiveSubscription: true, paymentPending: true });
      // Before the retry, nothing more happens.
      expect((await runPaymentMaintenance(t.app.payments, t.database.db))?.declined).toBe(0);
      t.time.set(new Date(end.getTime() + 2 * DAY + 120_000));
      expect((await runPaymentMaintenance(t.app.payments, t.database.db))?.declined).toBe(1);
      expect(await account(u)).toMatchObject({
        hasActiveSubscription: false,
        paymentPending: false,
      });
      expect(await mailsTo(u.email, 'No pudimos cobrar')).toHaveLength(1);
      expect(await mailsTo(u.email, 'ha terminado')).toHaveLength(1);
      expect((await runPaymentMaintenance(t.app.payments, t.database.db))?.declined).toBe(0);
    } finally {
      t.time.set(start);
    }
  });

  it('tells a simulated yearly subscriber of the renewal a week ahead, once', async () => {
    const u = await subscriber();
    const yearlyEnd = new Date(t.time.now().getTime() + 6 * DAY);
    await t.database.db
      .update(subscriptions)
      .set({ durationMonths: 12, endDate: yearlyEnd })
      .where(eq(subscriptions.userId, u.id));
    const monthly = await subscriber();
    await t.database.db
      .update(subscriptions)
      .set({ endDate: yearlyEnd })
      .where(eq(subscriptions.userId, monthly.id));
    expect((await runPaymentMaintenance(t.app.payments, t.database.db))?.noticed).toBe(1);
    expect((await runPaymentMaintenance(t.app.payments, t.database.db))?.noticed).toBe(0);
    expect(await mailsTo(u.email, 'Próximo cobro: $19.99 USD el')).toHaveLength(1);
    expect(await mailsTo(monthly.email, 'Próximo cobro')).toHaveLength(0);
  });
});
