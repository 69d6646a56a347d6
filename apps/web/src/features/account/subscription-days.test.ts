import { describe, expect, it } from 'vitest';
import type { TSessionUser } from '../../lib/session/session-user';
import { daysText, daysUntil, subscriptionView } from './subscription-days';

const now = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;

function user(subscription: Record<string, unknown> | undefined): TSessionUser {
  return {
    _id: 'u1',
    email: 'ana@example.com',
    roles: [{ name: 'user' }],
    subscription: subscription as TSessionUser['subscription'],
  };
}

const active = (days: number | undefined, isRecurring: boolean, endInDays = days ?? 0) =>
  user({
    hasActiveSubscription: true,
    plan: 'premium',
    endDate: new Date(now.getTime() + endInDays * DAY).toISOString(),
    isRecurring,
    ...(days === undefined ? {} : { daysRemaining: days }),
  });

describe('subscriptionView (SPEC.md §4)', () => {
  it("takes the server's days remaining", () => {
    expect(subscriptionView(active(12, true, 40), now)).toEqual({
      kind: 'active',
      daysRemaining: 12,
      recurring: true,
      warning: false,
      expiring: false,
    });
  });

  it('counts the days from the end date, rounded up, when the stored user lacks the field', () => {
    expect(subscriptionView(active(undefined, true, 3.2), now)).toMatchObject({
      kind: 'active',
      daysRemaining: 4,
    });
    expect(daysUntil(new Date(now.getTime() - DAY).toISOString(), now)).toBe(0);
    expect(daysUntil(null, now)).toBeNull();
  });

  it('-1 is a renewal being processed, whatever the rest says', () => {
    expect(
      subscriptionView(
        user({
          hasActiveSubscription: false,
          plan: 'free',
          endDate: now.toISOString(),
          isRecurring: true,
          daysRemaining: -1,
        }),
        now,
      ),
    ).toEqual({ kind: 'renewing' });
  });

  it('7 days or fewer is a warning; without renewal it is also an expiry warning', () => {
    expect(subscriptionView(active(8, false), now)).toMatchObject({
      warning: false,
      expiring: false,
    });
    expect(subscriptionView(active(7, true), now)).toMatchObject({
      warning: true,
      expiring: false,
    });
    expect(subscriptionView(active(7, false), now)).toMatchObject({
      warning: true,
      expiring: true,
    });
    expect(subscriptionView(active(1, false), now)).toMatchObject({
      warning: true,
      expiring: true,
    });
  });

  it('no subscription, or one that ended', () => {
    expect(subscriptionView(user(undefined), now)).toEqual({ kind: 'none' });
    expect(
      subscriptionView(
        user({
          hasActiveSubscription: false,
          plan: 'free',
          endDate: null,
          isRecurring: false,
          daysRemaining: null,
        }),
        now,
      ),
    ).toEqual({ kind: 'none' });
    expect(
      subscriptionView(
        user({
          hasActiveSubscription: false,
          plan: 'free',
          endDate: '2026-01-01T00:00:00.000Z',
          isRecurring: false,
          daysRemaining: 0,
        }),
        now,
      ),
    ).toEqual({ kind: 'ended' });
  });

  it('reads 1 día and N días', () => {
    expect(daysText(1)).toBe('1 día');
    expect(daysText(5)).toBe('5 días');
  });
});
