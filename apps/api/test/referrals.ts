import type { TReferralsMeResponse } from '@magotips/contracts/referrals';
import { REFERRAL_SETTLE_DAYS } from '@magotips/contracts/referrals';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { referrals, transactions, users } from '../src/db/schema';
import { decodeMail, readOutbox } from './mail';
import { paymentCalls } from './payment-calls';
import { bearerAt, type PaymentsTestApp } from './payments';
import { createTestUser } from './users';

/** The calls of the referrals tests (decision 0119): readers, a referrer's link, friends who
 * signed up through it, the simulated page's Pagar, and the 14 days after which it settles. */
export function referralCalls(app: () => PaymentsTestApp) {
  const calls = paymentCalls(app);
  const db = () => app().database.db;

  async function reader(
    opts: { email?: string; firstName?: string; lastName?: string; subscriber?: boolean } = {},
  ) {
    const t = app();
    const u = await createTestUser(db(), {
      now: t.time.now(),
      ...(opts.email ? { email: opts.email } : {}),
      ...(opts.subscriber ? { subscriber: true } : {}),
    });
    if (opts.firstName || opts.lastName)
      await db()
        .update(users)
        .set({ firstName: opts.firstName ?? 'Prueba', lastName: opts.lastName ?? 'Usuario' })
        .where(eq(users.id, u.id));
    return {
      id: u.id,
      email: u.email,
      headers: async () => bearerAt(app().database.db, u.id, app().time.now()),
    };
  }
  type Reader = Awaited<ReturnType<typeof reader>>;

  async function me(u: Reader): Promise<TReferralsMeResponse> {
    const res = await app().app.inject({
      method: 'GET',
      url: '/api/referrals/me',
      headers: await u.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** A reader with their link made. */
  async function referrer(opts: Parameters<typeof reader>[0] = {}) {
    const u = await reader(opts);
    return { ...u, code: (await me(u)).code };
  }

  /** A reader who signed up through `code` (sign-up stores it as the link carried it). */
  async function friendOf(code: string, opts: Parameters<typeof reader>[0] = {}) {
    const u = await reader(opts);
    await db().update(users).set({ refCode: code }).where(eq(users.id, u.id));
    return u;
  }

  /** Pagar on the simulated page, with a code typed or not. */
  async function pay(sessionId: string, code?: string) {
    const res = await app().app.inject({
      method: 'POST',
      url: `/api/payments/simulated/checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: code === undefined ? '' : new URLSearchParams({ promotionCode: code }).toString(),
    });
    expect(res.statusCode, res.body).toBe(303);
  }

  /** The 14 days pass (and an hour): the settlement jobs fall due and run. */
  async function settle() {
    app().time.advance(REFERRAL_SETTLE_DAYS * 86_400_000 + 3_600_000);
    await app().app.jobs.runDue();
  }

  async function referralOf(referredUserId: string) {
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, referredUserId));
    return row ?? null;
  }

  /** The free months' 'gift' transactions of a reader. */
  const giftsOf = (userId: string) =>
    db()
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.provider, 'gift')));

  /** The reward e-mails sent to `email`, decoded. */
  function rewardMails(email: string): string[] {
    return readOutbox(app().dataDir)
      .map((m) => decodeMail(m.raw))
      .filter((m) => m.includes(email) && m.includes('Un mes gratis en MagoTips'));
  }

  return {
    ...calls,
    reader,
    me,
    referrer,
    friendOf,
    pay,
    settle,
    referralOf,
    giftsOf,
    rewardMails,
  };
}
export type ReferralCalls = ReturnType<typeof referralCalls>;
