import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
// A cycle by design: schema.ts re-exports this file, and these tables point at its users and
// transactions only inside the lazy `references(() => …)`, so neither reads the other at load.
// eslint-disable-next-line import-x/no-cycle
import { transactions, users } from './schema';

// Referrals (issue 33 item 3, decision 0119). In a file of its own because schema.ts is already
// past its size; schema.ts re-exports it so drizzle-kit and the app see one schema.

/** Each reader's code for `/?ref=<code>`: made the first time they ask for their link. */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_codes_code_uq').on(t.code)],
);

/**
 * The welcome discount made for a referred reader: one promotion code, reused by each checkout
 * until their first payment. `provider_promotion_id` is Stripe's promo_… (null on the simulated
 * provider, which knows the code from this row).
 */
export const referralDiscounts = pgTable(
  'referral_discounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerPromotionId: varchar('provider_promotion_id', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('referral_discounts_code_uq').on(t.code)],
);

/**
 * A referred reader's first payment and what it earned their referrer. One row per referred
 * reader (the primary key makes two racing first payments record one). `status`:
 * pending (paid, waiting REFERRAL_SETTLE_DAYS), rewarded, refunded (no reward), self (the same
 * person: same mailbox or same card), capped (the referrer had their 12 months of the year),
 * gone (the referrer's account no longer exists).
 */
export const referrals = pgTable(
  'referrals',
  {
    referredUserId: uuid('referred_user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstTransactionId: uuid('first_transaction_id')
      .notNull()
      .references(() => transactions.id),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    settleAt: timestamp('settle_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    // The free month's own transaction (provider 'gift', amount 0), when one was given.
    rewardTransactionId: uuid('reward_transaction_id').references(() => transactions.id),
  },
  (t) => [
    index('referrals_referrer_idx').on(t.referrerUserId, t.status, t.settledAt),
    index('referrals_settled_idx').on(t.status, t.settledAt),
    check(
      'referrals_status_ck',
      sql`${t.status} in ('pending', 'rewarded', 'refunded', 'self', 'capped', 'gone')`,
    ),
  ],
);
