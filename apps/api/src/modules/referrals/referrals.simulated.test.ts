import { REFERRAL_CODE_RE } from '@magotips/contracts/referrals';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPaymentsApp,
  type PaymentsTestApp,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import { referralCalls } from '../../../test/referrals';
import { createTestUser } from '../../../test/users';
import { plans, users } from '../../db/schema';
import { addMonths } from '../subscriptions/billing-period';

// Referrals on the simulated provider (issue 33 item 3, decision 0119): the link and its counts,
// the friend's 10 % shown applied on the page, the month given 14 days after a first payment
// that was not refunded, and none for a self-referral.
let t: PaymentsTestApp;
beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: false });
});
afterAll(() => t.close());

const calls = referralCalls(() => t);
const { reader, me, referrer, friendOf, pay, settle, referralOf, giftsOf, rewardMails } = calls;
const page = (sessionId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payments/simulated/checkout/${sessionId}` });

describe('the link', () => {
  it('is made once, and counts who signed up and who paid', async () => {
    const ana = await referrer();
    expect(ana.code).toMatch(REFERRAL_CODE_RE);
    const first = await me(ana);
    expect(first).toMatchObject({
      url: `https://magotips.test/?ref=${ana.code}`,
      signedUp: 0,
      paid: 0,
      rewards: [],
      monthsLastYear: 0,
      maxMonthsPerYear: 12,
      welcomeDiscount: null,
    });
    expect((await me(ana)).code).toBe(ana.code);

    // The code as a link may carry it, in capitals: still hers.
    const bea = await friendOf(ana.code.toUpperCase());
    await friendOf(ana.code);
    expect(await me(ana)).toMatchObject({ signedUp: 2, paid: 0 });
    expect((await me(bea)).welcomeDiscount).toEqual({ percent: 10, code: null });

    const { sessionId } = await calls.buyEurope(bea);
    await pay(sessionId);
    expect(await me(ana)).toMatchObject({ signedUp: 2, paid: 1 });
    // Paid: her welcome is spent.
    expect((await me(bea)).welcomeDiscount).toBeNull();
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referrals/me' });
    expect(res.statusCode).toBe(401);
  });
});

describe("the friend's 10 %", () => {
  it('is applied on the page, and MAGO10 typed on top does not stack', async () => {
    const ana = await referrer();
    const bea = await friendOf(ana.code);
    const { transactionId, sessionId } = await calls.buyEurope(bea);
    const tx = await transactionRow(t.database.db, transactionId);
    expect(tx.offeredPromotionCode).toMatch(/^AMIGO-[A-HJKMNP-Z2-9]{8}$/);
    expect(tx.offeredPercentOff).toBe(10);
    expect((await me(bea)).welcomeDiscount).toEqual({ percent: 10, code: tx.offeredPromotionCode });

    const shown = (await page(sessionId)).body;
    expect(shown).toContain(`Descuento (${tx.offeredPromotionCode})`);
    expect(shown).toContain('Pagar $17.99 USD');

    await pay(sessionId, 'MAGO10');
    expect(await transactionRow(t.database.db, transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 1799,
      discountCents: 200,
      promotionCode: tx.offeredPromotionCode,
    });
    // The same code on every checkout until the first payment, none after it.
    const next = await calls.subscribe(bea);
    expect(
      (await transactionRow(t.database.db, next.transactionId)).offeredPromotionCode,
    ).toBeNull();
  });

  it('is the same code on a second checkout before paying', async () => {
    const ana = await referrer();
    const bea = await friendOf(ana.code);
    const one = await calls.buyEurope(bea);
    const two = await calls.subscribe(bea);
    const [a, b] = [
      await transactionRow(t.database.db, one.transactionId),
      await transactionRow(t.database.db, two.transactionId),
    ];
    expect(a.offeredPromotionCode).not.toBeNull();
    expect(b.offeredPromotionCode).toBe(a.offeredPromotionCode);
  });

  it('is not offered to a reader nobody referred, nor on a trial (it charges nothing now)', async () => {
    const solo = await reader();
    const { transactionId } = await calls.buyEurope(solo);
    expect((await transactionRow(t.database.db, transactionId)).offeredPromotionCode).toBeNull();

    const ana = await referrer();
    const bea = await friendOf(ana.code);
    await t.database.db.update(plans).set({ trialDays: 7 }).where(eq(plans.key, 'premium'));
    try {
      const trial = await calls.subscribe(bea);
      const row = await transactionRow(t.database.db, trial.transactionId);
      expect(row).toMatchObject({ trialDays: 7, amountCents: 0, offeredPromotionCode: null });
    } finally {
      await t.database.db.update(plans).set({ trialDays: 0 });
    }
  });
});

// The clock moves 14 days at a time here: packs end, so friends buy a month of premium.
describe('the free month', () => {
  it('goes to a non-subscriber 14 days after the first payment, with its e-mail, once', async () => {
    const ana = await referrer({ firstName: 'Ana', lastName: 'García' });
    const bea = await friendOf(ana.code, { firstName: 'Beatriz', lastName: 'López' });
    const { transactionId, sessionId } = await calls.subscribe(bea, false);
    await pay(sessionId);
    expect(await referralOf(bea.id)).toMatchObject({
      referrerUserId: ana.id,
      firstTransactionId: transactionId,
      status: 'pending',
    });
    // Not before 14 days.
    t.time.advance(13 * 86_400_000);
    await t.app.jobs.runDue();
    expect((await referralOf(bea.id))?.status).toBe('pending');

    t.time.advance(-13 * 86_400_000);
    await settle();
    const row = await referralOf(bea.id);
    expect(row?.status).toBe('rewarded');
    const [gift, ...more] = await giftsOf(ana.id);
    expect(more).toHaveLength(0);
    expect(gift).toMatchObject({ amountCents: 0, status: 'completed', durationMonths: 1 });
    expect(row?.rewardTransactionId).toBe(gift?.id);
    const sub = await subscriptionOf(t.database.db, ana.id);
    expect(sub?.endDate.toISOString()).toBe(addMonths(t.time.now(), 1).toISOString());
    expect(sub).toMatchObject({ provider: 'gift', isRecurring: false });

    const mails = rewardMails(ana.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Beatriz L.');
    // The new end in her calendar (Madrid, the default zone).
    expect(mails[0]).toContain(
      `hasta el ${dateInZoneText(sub?.endDate ?? new Date(), 'Europe/Madrid')}`,
    );
    const view = await me(ana);
    expect(view).toMatchObject({ paid: 1, monthsLastYear: 1 });
    expect(view.rewards).toEqual([
      { id: bea.id, months: 1, grantedAt: row?.settledAt?.toISOString(), friend: 'Beatriz L.' },
    ]);

    // The job again (a retry after a crash): nothing more.
    await t.app.jobs.enqueue(t.database.db, {
      kind: 'referral.settle',
      payload: { referredUserId: bea.id },
    });
    await t.app.jobs.runDue();
    expect(await giftsOf(ana.id)).toHaveLength(1);
    expect(rewardMails(ana.email)).toHaveLength(1);
  });

  it('extends a running subscription by a month', async () => {
    const ana = await referrer({ subscriber: true });
    const before = await subscriptionOf(t.database.db, ana.id);
    const bea = await friendOf(ana.code);
    await pay((await calls.subscribe(bea, false)).sessionId);
    await settle();
    expect((await referralOf(bea.id))?.status).toBe('rewarded');
    const after = await subscriptionOf(t.database.db, ana.id);
    expect(after?.endDate.toISOString()).toBe(
      addMonths(before?.endDate ?? new Date(), 1).toISOString(),
    );
    expect(after?.planKey).toBe(before?.planKey);
    expect(rewardMails(ana.email)[0]).toContain('Hemos alargado tu suscripción');
  });

  it('is not given when the first payment is refunded within 14 days', async () => {
    const ana = await referrer();
    const bea = await friendOf(ana.code);
    const { transactionId, sessionId } = await calls.subscribe(bea, false);
    await pay(sessionId);
    const kit = t.app.payments;
    t.time.advance(5 * 86_400_000);
    await kit.repo.withTransaction((r) => kit.fulfilment.refundIn(r, transactionId, t.time.now()));
    expect(await me(ana)).toMatchObject({ signedUp: 1, paid: 0 });
    await settle();
    expect((await referralOf(bea.id))?.status).toBe('refunded');
    expect(await giftsOf(ana.id)).toHaveLength(0);
    expect(await subscriptionOf(t.database.db, ana.id)).toBeNull();
    expect(rewardMails(ana.email)).toHaveLength(0);
  });

  it('is not given for a self-referral: the same account or the same mailbox', async () => {
    const ana = await referrer({ email: 'ana.g@gmail.com' });
    // Her own link, on her own account: no discount, nothing recorded, not counted.
    await t.database.db.update(users).set({ refCode: ana.code }).where(eq(users.id, ana.id));
    expect((await me(ana)).welcomeDiscount).toBeNull();
    const own = await calls.subscribe(ana, false);
    expect(
      (await transactionRow(t.database.db, own.transactionId)).offeredPromotionCode,
    ).toBeNull();
    await pay(own.sessionId);
    expect(await referralOf(ana.id)).toBeNull();
    expect((await me(ana)).signedUp).toBe(0);

    // Her other address: the same mailbox.
    const twin = await friendOf(ana.code, { email: 'anag+amigo@googlemail.com' });
    expect((await me(twin)).welcomeDiscount).toBeNull();
    const { transactionId, sessionId } = await calls.subscribe(twin, false);
    expect((await transactionRow(t.database.db, transactionId)).offeredPromotionCode).toBeNull();
    await pay(sessionId);
    expect((await referralOf(twin.id))?.status).toBe('self');
    await settle();
    expect((await referralOf(twin.id))?.status).toBe('self');
    expect(await giftsOf(ana.id)).toHaveLength(0);
    expect(rewardMails(ana.email)).toHaveLength(0);
  });
});

describe('the business dashboard', () => {
  it('lists the rewards given in the period, newest first, and exports them', async () => {
    const ana = await referrer({ firstName: 'Ana', lastName: 'Ruiz' });
    const bea = await friendOf(ana.code, { firstName: 'Bea', lastName: 'Sanz' });
    await pay((await calls.subscribe(bea, false)).sessionId);
    await settle();
    const settledAt = (await referralOf(bea.id))?.settledAt;
    const admin = await createTestUser(t.database.db, { roles: ['admin'], now: t.time.now() });
    const day = t.time.now().toISOString().slice(0, 10);
    const get = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: admin.authorization } });
    const res = await get(`/api/admin/business?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().referralRewards;
    expect(lines[0]).toEqual({
      grantedAt: settledAt?.toISOString(),
      referrerName: 'Ana Ruiz',
      referrerEmail: ana.email,
      referredName: 'Bea Sanz',
      referredEmail: bea.email,
      months: 1,
    });
    const csv = (await get(`/api/admin/business/export/referralRewards.csv?from=${day}&to=${day}`))
      .body;
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFFecha (UTC);Lector;E-mail del lector;Amigo invitado;E-mail del amigo;Meses',
    );
    expect(csv).toContain(`;Ana Ruiz;${ana.email};Bea Sanz;${bea.email};1\r\n`);
    // Another period has none.
    const before = await get('/api/admin/business?from=2026-06-01&to=2026-06-02');
    expect(before.json().referralRewards).toEqual([]);
  });
});
