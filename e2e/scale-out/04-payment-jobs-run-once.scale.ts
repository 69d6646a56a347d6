import { describe, expect, it } from 'vitest';
import { readOutbox } from '../support/outbox';
import { holdAdvisoryLock, PAYMENT_JOB_LOCK_KEY } from './advisory-locks';
import { type InstanceInfo, scaleOut } from './context';
import { type LogLine, linesWith } from './logs';
import { sleep, until } from './poll';
import { count, query } from './sql';

// The payment job (apps/api/src/modules/payments/payment-jobs.ts) runs on every instance each
// PAYMENT_JOB_INTERVAL_MS (1 s here) and does its work under a PostgreSQL advisory lock. The
// seeded subscriber's simulated subscription renews itself when due: one renewal is one payment
// row, one extended end date and one receipt, whichever instance does it.

const VIP = 'vip@example.com';
const DAY_MS = 86_400_000;

const lockLines = (instance: InstanceInfo, lock: 'busy' | 'held', since: number): LogLine[] =>
  linesWith(instance.logFile, 'lock', since).filter(
    (line) => line.job === 'payments' && line.lock === lock,
  );

async function vipSubscription(databaseUrl: string) {
  const [row] = await query<{ end_date: Date; is_recurring: boolean }>(
    databaseUrl,
    `select s.end_date, s.is_recurring from subscriptions s join users u on u.id = s.user_id where u.email = $1`,
    [VIP],
  );
  if (!row) throw new Error('the seeded subscriber has no subscription');
  return row;
}

const vipPayments = (databaseUrl: string) =>
  count(
    databaseUrl,
    `select 1 from transactions t join users u on u.id = t.user_id
      where u.email = $1 and t.kind = 'subscription' and t.status = 'completed'`,
    [VIP],
  );

async function renewalReceipts(instances: InstanceInfo[]): Promise<number> {
  const mails = (await Promise.all(instances.map((i) => readOutbox(i.dataDir)))).flat();
  return mails.filter((m) => m.to.includes(VIP) && m.text.includes('por la renovación de tu'))
    .length;
}

describe('the periodic payment job with two instances', () => {
  const { a, b, databaseUrl, paymentJobIntervalMs } = scaleOut();

  it('both instances try it every round; a due renewal happens exactly once', async () => {
    expect(await vipPayments(databaseUrl)).toBe(1);
    expect(await renewalReceipts([a, b])).toBe(0);

    // Hold the job's lock from outside, then make the subscription fall due: both instances
    // keep trying and must skip while someone else holds it.
    const hold = await holdAdvisoryLock(databaseUrl, PAYMENT_JOB_LOCK_KEY);
    let dueAt: Date;
    try {
      const heldSince = Date.now();
      const [due] = await query<{ end_date: Date }>(
        databaseUrl,
        `update subscriptions s set end_date = now() - interval '1 hour' from users u
          where u.id = s.user_id and u.email = $1 returning s.end_date`,
        [VIP],
      );
      if (!due) throw new Error('no subscription to make due');
      dueAt = due.end_date;
      await until(
        `the job's lock (${PAYMENT_JOB_LOCK_KEY}) found busy twice by each instance`,
        () => [a, b].every((i) => lockLines(i, 'busy', heldSince).length >= 2),
        { timeoutMs: 20 * paymentJobIntervalMs },
      );
      // While the lock was held, nobody renewed.
      expect(await vipPayments(databaseUrl)).toBe(1);
      expect((await vipSubscription(databaseUrl)).end_date.getTime()).toBe(dueAt.getTime());
    } finally {
      await hold.release();
    }

    const releasedAt = Date.now();
    const renewed = await until(
      'the due subscription renewed',
      async () => {
        const sub = await vipSubscription(databaseUrl);
        return sub.end_date.getTime() > Date.now() ? sub : null;
      },
      { timeoutMs: 20 * paymentJobIntervalMs },
    );
    // Several more rounds of both instances, each able to take the lock, change nothing.
    await until(
      'three more rounds of the job on each instance after the renewal',
      () => [a, b].every((i) => lockLines(i, 'held', releasedAt).length >= 3),
      { timeoutMs: 30 * paymentJobIntervalMs },
    );
    await sleep(2 * paymentJobIntervalMs);

    expect(await vipPayments(databaseUrl)).toBe(2);
    // One month (premium renews monthly) from the renewal, not two.
    const end = (await vipSubscription(databaseUrl)).end_date.getTime();
    expect(end).toBe(renewed.end_date.getTime());
    expect(end - releasedAt).toBeGreaterThan(27 * DAY_MS);
    expect(end - releasedAt).toBeLessThan(32 * DAY_MS);
    expect((await vipSubscription(databaseUrl)).is_recurring).toBe(true);

    // The receipt is sent by whichever instance renewed: one e-mail across both outboxes.
    await until('the renewal receipt', async () => (await renewalReceipts([a, b])) > 0);
    expect(await renewalReceipts([a, b])).toBe(1);

    // The logs agree: one round on one instance reports the renewal.
    const reports = [a, b].flatMap((i) =>
      linesWith(i.logFile, 'report', releasedAt).map((line) => ({
        instance: i.name,
        report: line.report,
      })),
    );
    const renewals = reports.filter((r) => (r.report as { renewed?: number }).renewed === 1);
    expect(renewals, JSON.stringify(reports)).toHaveLength(1);
  });
});
