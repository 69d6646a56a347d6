import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

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
    // The months 1…6 after the first paid one that a paid period of theirs reaches (bit k):
    // the cohorts' retention, read whole for every month before the one a period's end cuts.
    keptMask: integer('kept_mask').notNull().default(0),
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
    // The UTC months (year × 12 + month) of its first and last instants: the cohorts' months
    // it reaches, in integers.
    startMonth: integer('start_month').notNull(),
    lastMonth: integer('last_month').notNull(),
    // The reader's next span (null: none yet). Whether a reader whose span ended before an
    // instant is covered then is mostly settled by the next one: it starts after the instant
    // (no), or covers it (yes); only a next span ended by then needs a look at the others.
    nextStartsAt: timestamp('next_starts_at', { withTimezone: true }),
    nextEndsAt: timestamp('next_ends_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.startsAt] }),
    index('business_paid_spans_starts_idx').on(t.startsAt),
    index('business_paid_spans_ends_idx').on(
      t.endsAt,
      t.startsAt,
      t.nextStartsAt,
      t.nextEndsAt,
      t.userId,
    ),
  ],
);

/** What each reader adds, at each UTC midnight, to the readers covered and to the MRR (the
 * monthly share of their latest terms, unrounded): +1 and +share where a covered stretch begins
 * (at the first midnight it covers), −1 and −share after its last one, ± the difference where
 * their terms change. Kept so a reader's old share can be taken back out of the day totals. */
export const businessReaderDays = pgTable(
  'business_reader_days',
  {
    userId: uuid('user_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    readers: bigint('readers', { mode: 'number' }).notNull(),
    mrr: numeric('mrr').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The sum of business_reader_days by midnight: the readers covered at a midnight and the MRR
 * then are the sums of every row up to it, a few hundred rows for two years. */
export const businessDays = pgTable('business_days', {
  day: timestamp('day', { withTimezone: true }).primaryKey(),
  readers: bigint('readers', { mode: 'number' }).notNull(),
  mrr: numeric('mrr').notNull(),
});

/** Money by UTC day and product (business-sql.ts's PRODUCT_KEY): the charges taken that day, and
 * the refunds given that day whenever they were charged; the name is the greatest item name of
 * those rows, as the dashboard's label reads it. A statement that writes charges recomputes the
 * days they were charged and refunded on. */
export const businessRevenueDays = pgTable(
  'business_revenue_days',
  {
    day: timestamp('day', { withTimezone: true }).notNull(),
    product: text('product').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    charges: bigint('charges', { mode: 'number' }).notNull(),
    gross: bigint('gross', { mode: 'number' }).notNull(),
    refunds: bigint('refunds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.product] })],
);

/** Each charge that makes its reader a paying one (completed, money, not a gift code), with the
 * time of that reader's previous such charge: the readers paying in a span are its charges whose
 * previous one came before it, counted without gathering a distinct set of readers. */
export const businessPayingCharges = pgTable(
  'business_paying_charges',
  {
    userId: uuid('user_id').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    previousAt: timestamp('previous_at', { withTimezone: true }),
  },
  (t) => [
    index('business_paying_charges_user_idx').on(t.userId),
    index('business_paying_charges_at_idx').on(t.completedAt, t.previousAt),
  ],
);

/** Each free trial (business-sql.ts's TRIAL) by when it ends, and whether a paid period was
 * charged from its start to CONVERSION_GRACE_DAYS after its end. */
export const businessTrials = pgTable(
  'business_trials',
  {
    userId: uuid('user_id').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    converted: boolean('converted').notNull(),
  },
  (t) => [
    index('business_trials_user_idx').on(t.userId),
    index('business_trials_ends_idx').on(t.endsAt, t.converted),
  ],
);

/** The readers of each cohort (by the UTC month of their first paid period, business_month's
 * integer) and how many of them kept_mask brings into each of the months 1…6 after it: the
 * cohorts table, summed as business_days is, from each reader's row. */
export const businessCohortMonths = pgTable('business_cohort_months', {
  month: integer('month').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  k1: bigint('k1', { mode: 'number' }).notNull(),
  k2: bigint('k2', { mode: 'number' }).notNull(),
  k3: bigint('k3', { mode: 'number' }).notNull(),
  k4: bigint('k4', { mode: 'number' }).notNull(),
  k5: bigint('k5', { mode: 'number' }).notNull(),
  k6: bigint('k6', { mode: 'number' }).notNull(),
});
