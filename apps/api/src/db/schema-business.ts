import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

// Summaries of the business dashboard (issue 33, decision 0117's "Speed"): facts about each
// reader that the dashboard would otherwise rebuild from a million transactions on every
// request. Kept by triggers on transactions (migration 0029's business_refresh_readers): any
// statement that writes a reader's transactions recomputes that reader's rows from scratch, so
// an insert, a refund or a deleted account leaves them exactly what the definitions say. No
// foreign key: they are a cache of transactions, emptied with them.

/** Each reader's first paid period and first charge of money ever (null when none). */
export const businessReaders = pgTable(
  'business_readers',
  {
    userId: uuid('user_id').primaryKey(),
    firstPaidAt: timestamp('first_paid_at', { withTimezone: true }),
    firstChargeAt: timestamp('first_charge_at', { withTimezone: true }),
  },
  (t) => [
    index('business_readers_first_paid_idx').on(t.firstPaidAt),
    index('business_readers_first_charge_idx').on(t.firstChargeAt),
  ],
);

/** Each reader's paid periods merged into the spans they cover without a gap, [starts, ends):
 * a reader is active at an instant when one of their spans covers it, and at most one does. */
export const businessPaidSpans = pgTable(
  'business_paid_spans',
  {
    userId: uuid('user_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.startsAt] }),
    index('business_paid_spans_starts_idx').on(t.startsAt),
    index('business_paid_spans_ends_idx').on(t.endsAt, t.startsAt, t.userId),
  ],
);
