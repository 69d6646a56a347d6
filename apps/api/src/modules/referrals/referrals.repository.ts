import { mailboxOf, REFERRAL_SETTLE_DAYS } from '@magotips/contracts/referrals';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import {
  plans,
  referralCodes,
  referralDiscounts,
  referrals,
  transactions,
  users,
} from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { GIFT_PROVIDER } from '../users/gift-provider';

export type ReferralRow = typeof referrals.$inferSelect;
export type ReferralStatus = 'pending' | 'rewarded' | 'refunded' | 'self' | 'capped' | 'gone';

/** Who referred a reader: their referrer's id, and whether both are one mailbox. */
export type ReferrerOf = { referrerId: string; sameMailbox: boolean };

const DAY_MS = 86_400_000;
/** "A year" of the cap is any 365 days (decision 0119). */
export const YEAR_MS = 365 * DAY_MS;
export const settleAtOf = (paidAt: Date) =>
  new Date(paidAt.getTime() + REFERRAL_SETTLE_DAYS * DAY_MS);

const referrer = alias(users, 'referrer');

/** The referrals' tables, on `db` (a database transaction when the caller is in one). */
export function referralsRepository(db: Db) {
  return {
    async codeOf(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(eq(referralCodes.userId, userId));
      return row?.code ?? null;
    },

    /** Stores `code` for the reader unless they have one; answers theirs, or null when the code
     * is another reader's (the caller makes a new one). */
    async saveCode(userId: string, code: string, now: Date): Promise<string | null> {
      try {
        await db
          .insert(referralCodes)
          .values({ userId, code, createdAt: now })
          .onConflictDoNothing({ target: referralCodes.userId });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
      return this.codeOf(userId);
    },

    /** The reader's referrer: the owner of the code their account stores (`ref_code`), when it
     * is another account. Null for a reader nobody referred (or who used their own link). */
    async referrerOf(userId: string): Promise<ReferrerOf | null> {
      const [row] = await db
        .select({ email: users.email, referrerId: referrer.id, referrerEmail: referrer.email })
        .from(users)
        .innerJoin(referralCodes, eq(referralCodes.code, sql`lower(${users.refCode})`))
        .innerJoin(referrer, eq(referrer.id, referralCodes.userId))
        .where(eq(users.id, userId));
      if (!row || row.referrerId === userId) return null;
      return {
        referrerId: row.referrerId,
        sameMailbox: mailboxOf(row.email) === mailboxOf(row.referrerEmail),
      };
    },

    /** The reader paid something before (`except` aside): a payment above 0, completed or
     * refunded since, by a provider (a gift's 0 is no payment). */
    async hasPaid(userId: string, except?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            inArray(transactions.status, ['completed', 'refunded']),
            gt(transactions.amountCents, 0),
            ne(transactions.provider, GIFT_PROVIDER),
            ...(except ? [ne(transactions.id, except)] : []),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async discountOf(userId: string) {
      const [row] = await db
        .select()
        .from(referralDiscounts)
        .where(eq(referralDiscounts.userId, userId));
      return row ?? null;
    },

    /** The reader's welcome code, replacing one made for another provider. False: the code
     * is another reader's (the caller makes a new one). */
    async saveDiscount(
      values: {
        userId: string;
        code: string;
        provider: string;
        providerPromotionId: string | null;
      },
      now: Date,
    ): Promise<boolean> {
      try {
        await db
          .insert(referralDiscounts)
          .values({ ...values, createdAt: now })
          .onConflictDoUpdate({
            target: referralDiscounts.userId,
            set: {
              code: values.code,
              provider: values.provider,
              providerPromotionId: values.providerPromotionId,
            },
          });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    /** Records a first payment; false when the reader has one recorded already. */
    async insertReferral(values: typeof referrals.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(referrals)
        .values(values)
        .onConflictDoNothing({ target: referrals.referredUserId })
        .returning({ id: referrals.referredUserId });
      return rows.length > 0;
    },

    async hasReferral(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: referrals.referredUserId })
        .from(referrals)
        .where(eq(referrals.referredUserId, userId));
      return row !== undefined;
    },

    async find(referredUserId: string): Promise<ReferralRow | null> {
      const [row] = await db
        .select()
        .from(referrals)
        .where(eq(referrals.referredUserId, referredUserId));
      return row ?? null;
    },

    async lock(referredUserId: string): Promise<ReferralRow | null> {
      const [row] = await db
        .select()
        .from(referrals)
        .where(eq(referrals.referredUserId, referredUserId))
        .for('update');
      return row ?? null;
    },

    async settle(
      referredUserId: string,
      status: ReferralStatus,
      now: Date,
      rewardTransactionId: string | null = null,
    ): Promise<void> {
      await db
        .update(referrals)
        .set({ status, settledAt: now, rewardTransactionId })
        .where(eq(referrals.referredUserId, referredUserId));
    },

    /** Free months the referrer was given in the 365 days before `now`. */
    async monthsSince(referrerId: string, now: Date, months: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(referrals)
        .where(
          and(
            eq(referrals.referrerUserId, referrerId),
            eq(referrals.status, 'rewarded'),
            gt(referrals.settledAt, new Date(now.getTime() - YEAR_MS)),
          ),
        );
      return (row?.n ?? 0) * months;
    },

    /** Accounts whose stored code is `code` (the referrer's own aside). */
    async signedUp(code: string, referrerId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(sql`lower(${users.refCode}) = ${code}`, ne(users.id, referrerId)));
      return row?.n ?? 0;
    },

    /** Referred readers whose first payment went through and is not refunded. */
    async paid(referrerId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(referrals)
        .innerJoin(transactions, eq(transactions.id, referrals.firstTransactionId))
        .where(
          and(
            eq(referrals.referrerUserId, referrerId),
            inArray(referrals.status, ['pending', 'rewarded', 'capped']),
            ne(transactions.status, 'refunded'),
          ),
        );
      return row?.n ?? 0;
    },

    /** The rewards given to the referrer, newest first, with the friend's name. */
    async rewards(referrerId: string) {
      return db
        .select({
          id: referrals.referredUserId,
          settledAt: referrals.settledAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(referrals)
        .innerJoin(users, eq(users.id, referrals.referredUserId))
        .where(and(eq(referrals.referrerUserId, referrerId), eq(referrals.status, 'rewarded')))
        .orderBy(desc(referrals.settledAt));
    },

    /** The plan a free month gives to a reader without a running subscription: premium's
     * monthly plan (any premium one if there is no monthly). */
    async premiumPlan() {
      const [row] = await db
        .select({ id: plans.id, name: plans.name, key: plans.key })
        .from(plans)
        .where(eq(plans.key, 'premium'))
        .orderBy(sql`${plans.durationMonths} <> 1`, asc(plans.durationMonths))
        .limit(1);
      return row ?? null;
    },
  };
}
export type ReferralsRepository = ReturnType<typeof referralsRepository>;
