import { randomUUID } from 'node:crypto';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlertsKit, startAlertsKit } from '../../../test/alerts';
import { alertDeliveries, alertPreferences, users } from '../../db/schema';
import { FANOUT_BATCH } from './alert-jobs';

let kit: AlertsKit;

beforeAll(async () => {
  kit = await startAlertsKit(new Date('2031-03-15T12:00:00Z'));
});
afterAll(() => kit.close());

/** `n` verified readers with free alerts on, in one insert each. */
async function manyReaders(n: number): Promise<string[]> {
  const tag = randomUUID().slice(0, 6);
  const rows = await kit.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        email: `lector-${tag}-${i}@example.com`,
        firstName: 'Lector',
        lastName: 'Prueba',
        dateOfBirth: '1990-01-01',
        emailVerifiedAt: kit.now(),
      })),
    )
    .returning({ id: users.id });
  await kit.db
    .insert(alertPreferences)
    .values(rows.map((r) => ({ userId: r.id, emailFree: true })));
  return rows.map((r) => r.id).sort();
}

describe('a fan-out larger than one batch', () => {
  it('resumed after a crash in the middle, every reader gets exactly one e-mail', async () => {
    const n = 2 * FANOUT_BATCH + 200;
    const ids = await manyReaders(n);
    const tipId = await kit.createTip({ isPublished: false });
    // The first batch and a half had committed (and been sent) when the instance died.
    const done = ids.slice(0, FANOUT_BATCH + 250);
    await kit.db.insert(alertDeliveries).values(
      done.map((userId) => ({
        tipId,
        userId,
        channel: 'email' as const,
        state: 'sent' as const,
        sentAt: kit.now(),
      })),
    );

    await kit.setPublished(tipId, true);
    await kit.t.app.jobs.runDue();

    expect(kit.smtp.received).toHaveLength(n - done.length);
    const addressees = kit.smtp.received.flatMap((m) => m.to);
    expect(new Set(addressees).size).toBe(addressees.length);
    const rows = await kit.db
      .select({ userId: alertDeliveries.userId, state: alertDeliveries.state })
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.tipId, [tipId]))
      .orderBy(asc(alertDeliveries.userId));
    expect(rows.map((r) => r.userId)).toEqual(ids);
    expect(rows.every((r) => r.state === 'sent')).toBe(true);
  }, 60_000);
});
