import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const roleName = pgEnum('role_name', ['admin', 'editor', 'user']);
export const tipCategory = pgEnum('tip_category', ['free', 'premium']);
export const tipResult = pgEnum('tip_result', [
  'pendiente',
  'ganado',
  'perdido',
  'nulo',
  'medio_ganado',
  'medio_perdido',
]);
export const messageType = pgEnum('message_type', ['info', 'warn', 'critical']);
export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password']);
export const transactionKind = pgEnum('transaction_kind', ['pack', 'subscription']);
export const transactionStatus = pgEnum('transaction_status', [
  'pending',
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
]);
export const verificationStatus = pgEnum('verification_status', [
  'success',
  'partial_success',
  'failed',
]);

/** Where a reader came from (decision 0118), cleaned by contracts' attribution.ts; all null
 * for a direct visit. Users and transactions carry the same four. */
const attributionColumns = () => ({
  utmSource: varchar('utm_source', { length: 100 }),
  utmMedium: varchar('utm_medium', { length: 100 }),
  utmCampaign: varchar('utm_campaign', { length: 100 }),
  refCode: varchar('ref_code', { length: 32 }),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 17 }),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    // Null for accounts that only sign in with Google.
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSub: varchar('google_sub', { length: 255 }),
    // Bumped on password change or reset so every token issued before stops working.
    tokenVersion: integer('token_version').notNull().default(0),
    // The buyer's optional tax id for receipts (issue 30 item 6): ES, MX, AR or CO and the id as
    // contracts' tax-id.ts normalised it. Both or neither (users_tax_id_pair).
    taxIdCountry: varchar('tax_id_country', { length: 2 }),
    taxId: varchar('tax_id', { length: 40 }),
    // Issue 32 item 1 (decision 0114): contracts' country code (or OTHER) and IANA zone; every
    // time the reader is shown is in this zone. Earlier accounts take Spain's.
    country: varchar('country', { length: 5 }).notNull().default('ES'),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('Europe/Madrid'),
    // Issue 32 item 3 (decision 0116): paused while paused_at is set and paused_until is null
    // (indefinite) or still ahead. Kept after it ends, so the history stays readable.
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    // When an indefinite pause's reader asked to lift it (paused_until is then set 7 days on).
    pauseLiftRequestedAt: timestamp('pause_lift_requested_at', { withTimezone: true }),
    // Issue 33 (decision 0118): the first visit's origin, from the mt_origen cookie at sign-up.
    ...attributionColumns(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
    // Who signed up through a reader's link (decision 0119): codes are compared lower-cased.
    index('users_ref_code_lower_idx').on(sql`lower(${t.refCode})`),
    index('users_created_at_idx').on(t.createdAt.desc(), t.id),
    // The admin's assign-role search matches the full name exactly, ignoring case; the query
    // must repeat this very expression for the planner to use the index.
    index('users_full_name_lower_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    check('users_tax_id_pair', sql`(${t.taxIdCountry} is null) = (${t.taxId} is null)`),
    check('users_pause_dates', sql`${t.pausedUntil} is null or ${t.pausedAt} is not null`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleName('role').notNull(),
    // The admin who gave it. Null either because the system gave it (isSystem) or because that
    // admin's account was deleted: the role is then orphaned, and any admin may remove it.
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    // Given by the system (sign-up's base role, the demo seed, create-admin): no admin removes it.
    // Only explicit writers set it, so a path that forgets it yields a removable role, not a
    // locked one (decision 0027).
    isSystem: boolean('is_system').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index('user_roles_role_idx').on(t.role)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    // SHA-256 of the token sent by e-mail; the token itself is never stored.
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_uq').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** One-time codes that end a Google sign-in (docs/decisions/0032): the SPA trades one for a
 * session with POST /api/auth/google/exchange, from the browser holding the binding cookie. */
export const googleLoginCodes = pgTable(
  'google_login_codes',
  {
    // SHA-256 of the code in the /auth/callback address; the code itself is never stored.
    codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the secret in the browser's signed cookie.
    bindingHash: varchar('binding_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('google_login_codes_expires_idx').on(t.expiresAt)],
);

/** A tip the track record counts: published, with a bet, settled, and made public before its
 * kick-off (one published after it is labelled and never counted). */
export const TRACK_RECORD_COUNTED = sql`is_published and odds_cents is not null and result <> 'pendiente' and public_since is not null and public_since <= match_date`;

export const tips = pgTable(
  'tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    icon: varchar('icon', { length: 32 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    matchDate: timestamp('match_date', { withTimezone: true }).notNull(),
    analisis: text('analisis').notNull(),
    category: tipCategory('category').notNull().default('free'),
    isPublished: boolean('is_published').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The bet (issue 14): all three or none (tips_bet_whole). Odds in hundredths, exact.
    pick: varchar('pick', { length: 120 }),
    oddsCents: integer('odds_cents'),
    stake: smallint('stake'),
    bookmaker: varchar('bookmaker', { length: 50 }),
    result: tipResult('result').notNull().default('pendiente'),
    // When the tip first became public; never moves afterwards.
    publishedAt: timestamp('published_at', { withTimezone: true }),
    // When the current publication began; null while hidden (the proof issue). A bet counts only
    // when the tip was public at kick-off: hidden before it and shown again after, it is late
    // (tips_public_since_fill fills it for rows written straight to the table).
    publicSince: timestamp('public_since', { withTimezone: true }),
    // The market's last odds before kick-off, optional at settlement, for the CLV figure.
    closingOddsCents: integer('closing_odds_cents'),
    // A scheduled publication (issue 15 item 2): set only while the tip is unpublished; the job
    // queue publishes it then, and publishing it by hand clears it.
    publishAt: timestamp('publish_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Management list: newest first, keyset-friendly.
    index('tips_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('tips_category_created_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    // Management list by match date (issue 17 item 3): the keyset pages' order, whole and by
    // category, so every page is found from its cursor on the index.
    index('tips_match_idx').on(t.matchDate.desc(), t.id.desc()),
    index('tips_category_match_idx').on(t.category, t.matchDate.desc(), t.id.desc()),
    // Public lists: published tips of a category by match date.
    index('tips_public_idx')
      .on(t.category, t.matchDate.desc())
      .where(sql`${t.isPublished}`),
    // The track record's list: settled tips that count (TRACK_RECORD_COUNTED), newest match first,
    // whole and by category or sport.
    index('tips_counted_idx').on(t.matchDate.desc(), t.id.desc()).where(TRACK_RECORD_COUNTED),
    index('tips_counted_category_idx')
      .on(t.category, t.matchDate.desc(), t.id.desc())
      .where(TRACK_RECORD_COUNTED),
    index('tips_counted_sport_idx')
      .on(t.icon, t.matchDate.desc(), t.id.desc())
      .where(TRACK_RECORD_COUNTED),
    // "Resultados pendientes": bets still unsettled, by kick-off.
    index('tips_unsettled_idx')
      .on(t.matchDate)
      .where(sql`result = 'pendiente' and odds_cents is not null`),
    check(
      'tips_bet_whole',
      sql`(pick is null) = (odds_cents is null) and (odds_cents is null) = (stake is null)`,
    ),
    check('tips_odds_range', sql`odds_cents between 101 and 100000`),
    check('tips_closing_odds_range', sql`closing_odds_cents between 101 and 100000`),
    check('tips_public_since', sql`is_published OR public_since IS NULL`),
    check('tips_stake_range', sql`stake between 1 and 10`),
  ],
);

/** Every change to a tip after its publication (issue 14 item 2): who, when, the fields changed
 * with their values before and after. A settle is a revision of kind 'result'. */
export const tipRevisions = pgTable(
  'tip_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tipId: uuid('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    // 'edit', 'result' (the first one) or 'correction' (a recorded result changed, with reason).
    kind: varchar('kind', { length: 16 }).notNull(),
    changes: jsonb('changes').notNull(),
    // The category the tip had when this revision was written: its values are shown only to
    // readers entitled to it (a VIP tip made free keeps its old VIP analysis to subscribers).
    category: tipCategory('category').notNull().default('premium'),
    // Why a recorded result was corrected: required for a correction, public.
    reason: varchar('reason', { length: 300 }),
  },
  (t) => [index('tip_revisions_tip_idx').on(t.tipId, t.changedAt)],
);

/**
 * The track record, summed per UTC day of kick-off, for each filter a reader can choose from a
 * short list: category ('all' | 'free' | 'premium') × sport ('all' | a sport id) × odds band
 * ('all' | contracts' ODDS_BANDS id), and the stake (0 for all, else 1–10) or the bookmaker
 * ('' for all) beside a category and one sport or band (track-record-days.ts's betKeys), so that
 * a request reads one
 * short range of days instead of the tips (issue 14 item 5, issue 27 items 5 and 6; decision
 * 0074). Rewritten for a day whenever a tip of that day changes
 * (modules/track-record/track-record-days.ts). The streak and drawdown columns are the day's
 * Streaks and Drawdown (contracts/track-record*.ts), which combine in day order. Beside the
 * settled bets a row counts the day's published bets still pending and, in the rows without an
 * odds band or a stake (a tip without a bet has neither), the published tips without a bet.
 */
export const trackRecordDays = pgTable(
  'track_record_days',
  {
    category: varchar('category', { length: 8 }).notNull(),
    sport: varchar('sport', { length: 32 }).notNull(),
    oddsBand: varchar('odds_band', { length: 12 }).notNull(),
    stake: smallint('stake').notNull(),
    // '' for every bookmaker; an empty bookmaker is stored as null in tips, never as ''.
    bookmaker: varchar('bookmaker', { length: 50 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    settled: integer('settled').notNull(),
    won: integer('won').notNull(),
    lost: integer('lost').notNull(),
    void: integer('void').notNull(),
    halfWon: integer('half_won').notNull(),
    halfLost: integer('half_lost').notNull(),
    profitMilli: bigint('profit_milli', { mode: 'number' }).notNull(),
    staked: integer('staked').notNull(),
    oddsCentsSum: bigint('odds_cents_sum', { mode: 'number' }).notNull(),
    levelProfitMilli: bigint('level_profit_milli', { mode: 'number' }).notNull(),
    clvMicro: bigint('clv_micro', { mode: 'number' }).notNull(),
    clvBets: integer('clv_bets').notNull(),
    streakN: integer('streak_n').notNull(),
    leadW: integer('lead_w').notNull(),
    leadL: integer('lead_l').notNull(),
    trailW: integer('trail_w').notNull(),
    trailL: integer('trail_l').notNull(),
    maxW: integer('max_w').notNull(),
    maxL: integer('max_l').notNull(),
    drawdownPeak: bigint('drawdown_peak', { mode: 'number' }).notNull(),
    drawdownTrough: bigint('drawdown_trough', { mode: 'number' }).notNull(),
    drawdownFall: bigint('drawdown_fall', { mode: 'number' }).notNull(),
    pending: integer('pending').notNull(),
    withoutBet: integer('without_bet').notNull(),
    // The day's bookmakers, in the row of no filter only: the filter's list of choices.
    bookmakers: varchar('bookmakers', { length: 50 })
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [
    // One filter's days in order; the sports of one filter side by side (the per-sport table).
    primaryKey({ columns: [t.category, t.stake, t.oddsBand, t.bookmaker, t.sport, t.day] }),
    // The odds bands of one filter side by side (yieldByOddsBand).
    index('track_record_days_band_idx').on(
      t.category,
      t.stake,
      t.bookmaker,
      t.sport,
      t.oddsBand,
      t.day,
    ),
  ],
);

export const packs = pgTable(
  'packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nombre: varchar('nombre', { length: 120 }).notNull(),
    descripcion: text('descripcion').notNull(),
    priceCents: integer('price_cents').notNull(),
    activo: boolean('activo').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('packs_active_created_idx').on(t.activo, t.createdAt.desc())],
);

export const packTips = pgTable(
  'pack_tips',
  {
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    tipId: uuid('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.packId, t.tipId] }), index('pack_tips_tip_idx').on(t.tipId)],
);

/** What each purchase bought: the pack's tips when it was paid, plus any the editor added while
 * the purchase stands. Editing or unpublishing never takes a tip from its buyers, and a tip
 * listed here cannot be deleted (RESTRICT; the API answers 409). Decision 0028. */
export const packPurchaseTips = pgTable(
  'pack_purchase_tips',
  {
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => packPurchases.id, { onDelete: 'cascade' }),
    tipId: uuid('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseId, t.tipId] }),
    index('pack_purchase_tips_tip_idx').on(t.tipId),
  ],
);

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    key: varchar('key', { length: 50 }).notNull(),
    priceCents: integer('price_cents').notNull(),
    durationMonths: integer('duration_months').notNull().default(1),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    // What the plan grants (decision 0097): the entitlement rule reads these, through the
    // subscription's snapshot of them, and the comparison on the plan pages shows them.
    grantsAllVipTips: boolean('grants_all_vip_tips').notNull().default(true),
    includesPacks: boolean('includes_packs').notNull().default(true),
    /** Free days before the first charge, 0 for none (decision 0098). */
    trialDays: integer('trial_days').notNull().default(0),
    /** Also sold by the year at this price (decision 0099); null: only for its own period. */
    yearlyPriceCents: integer('yearly_price_cents'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('plans_key_uq').on(t.key),
    index('plans_active_idx').on(t.isActive, t.sortOrder),
  ],
);

/** The current subscription of a user: one row each, extended by every paid period. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planKey: varchar('plan_key', { length: 50 }).notNull(),
    /** Snapshot of the plan bought (name, months per period): renaming or deleting the plan
     * later must not change what the subscriber sees. */
    planName: varchar('plan_name', { length: 100 }).notNull().default(''),
    durationMonths: integer('duration_months').notNull().default(1),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    isRecurring: boolean('is_recurring').notNull().default(false),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 255 }),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    /** When the provider will charge next, while that is not `endDate`: a gift moved `endDate`
     * and the provider has not yet moved its billing date (decision 0086). Null: at `endDate`. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** A renewal charge failed and the provider is retrying it (decision 0095): set from the
     * first failure until a renewal is paid or the provider gives up. Null: nothing pending. */
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    /** The provider's next attempt at that charge (Stripe's `next_payment_attempt`); access
     * continues until then, plus the renewal grace. Null: no further attempt is planned. */
    nextPaymentAttemptAt: timestamp('next_payment_attempt_at', { withTimezone: true }),
    /** The simulated provider's card on file declines every charge (its test card 0341, chosen
     * in the simulated billing portal), so a fresh machine can walk the failed-renewal journey. */
    simulatedCardDeclines: boolean('simulated_card_declines').notNull().default(false),
    /** What the plan granted when bought (decision 0097): editing the plan later changes what
     * new buyers get, not what this subscriber paid for. */
    grantsAllVipTips: boolean('grants_all_vip_tips').notNull().default(true),
    includesPacks: boolean('includes_packs').notNull().default(true),
    /** The end of the free trial this subscription began with (decision 0098), and what each
     * period costs once it ends; null when it began without one. */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    trialThenCents: integer('trial_then_cents'),
    /** What each period costs before discounts (decisions 0099, 0100: a yearly price, or the
     * plan changed to); null on rows older than it, read then as the plan's price. */
    periodCents: integer('period_cents'),
    /** A plan change's proration left for the next charge (negative: a credit), as Stripe adds
     * it to the next invoice; cleared by the renewal that charges it (decision 0100). */
    pendingAdjustmentCents: integer('pending_adjustment_cents').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('subscriptions_user_uq').on(t.userId),
    index('subscriptions_end_date_idx').on(t.endDate),
    uniqueIndex('subscriptions_provider_sub_uq').on(t.providerSubscriptionId),
  ],
);

/** Every payment attempt. Kept after account deletion, detached from the person. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: transactionKind('kind').notNull(),
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    // Snapshots: what was bought, as it was named and priced at that moment.
    itemName: varchar('item_name', { length: 120 }).notNull(),
    planKey: varchar('plan_key', { length: 50 }),
    durationMonths: integer('duration_months'),
    amountCents: integer('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    status: transactionStatus('status').notNull().default('pending'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerSessionId: varchar('provider_session_id', { length: 255 }),
    providerPaymentId: varchar('provider_payment_id', { length: 255 }),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    providerInvoiceId: varchar('provider_invoice_id', { length: 255 }),
    checkoutUrl: text('checkout_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    // When the buyer ticked 'Acepto los Términos y solicito acceso inmediato…' (decision 0034),
    // by the server's clock. Null for renewals (the first payment holds the consent) and for
    // payments created before the checkbox existed.
    immediateAccessConsentAt: timestamp('immediate_access_consent_at', { withTimezone: true }),
    // A promotion the provider applied (decision 0049): amount_cents is then what was paid and
    // amount_cents + discount_cents the price before it. Null: no discount.
    discountCents: integer('discount_cents'),
    // The code the buyer typed (Stripe's promotion code, or its coupon/promotion id when Stripe
    // did not name the code; MAGO10 on the simulated page).
    promotionCode: varchar('promotion_code', { length: 100 }),
    // A gift bought for someone else (issue 16, item 4): paid like any purchase, but fulfilment
    // issues a gift code instead of granting the item to the buyer. Redemptions are the
    // provider 'gift' rows; these are the gifts sold.
    isGift: boolean('is_gift').notNull().default(false),
    giftRecipientEmail: varchar('gift_recipient_email', { length: 254 }),
    giftMessage: varchar('gift_message', { length: 300 }),
    // A checkout that opens with a free trial (decision 0098): nothing is charged for it
    // (amount_cents ends 0) and each period after the trial costs trial_then_cents.
    trialDays: integer('trial_days'),
    trialThenCents: integer('trial_then_cents'),
    // A plan change (decision 0100): the row stands for the subscription's new terms, so later
    // renewals are checked against `period_cents`, the first of them plus `adjustment_cents`
    // (the proration Stripe puts on that invoice). Null on every other row.
    periodCents: integer('period_cents'),
    adjustmentCents: integer('adjustment_cents'),
    // Issue 33 (decision 0118): the buyer's origin, the cookie's or else the account's.
    ...attributionColumns(),
    // A discount the checkout opened with, already applied (decision 0119: a referred reader's
    // welcome code). Stripe gets it as the session's discount; the simulated page applies it.
    offeredPromotionCode: varchar('offered_promotion_code', { length: 100 }),
    offeredPercentOff: integer('offered_percent_off'),
    ...timestamps,
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('transactions_session_uq').on(t.providerSessionId),
    uniqueIndex('transactions_invoice_uq').on(t.providerInvoiceId),
    index('transactions_pending_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('transactions_completed_idx').on(t.status, t.completedAt),
    // One checkout in progress per user and pack, and one per user for subscriptions: two
    // clicks (or two tabs) racing cannot open two provider sessions and charge twice.
    uniqueIndex('transactions_pending_pack_uq')
      .on(t.userId, t.packId)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'pack' and not ${t.isGift}`),
    uniqueIndex('transactions_pending_subscription_uq')
      .on(t.userId)
      .where(sql`${t.status} = 'pending' and ${t.kind} = 'subscription' and not ${t.isGift}`),
    // A refund names the payment (Stripe's payment intent); renewals name the subscription.
    index('transactions_payment_idx').on(t.providerPaymentId),
    index('transactions_provider_sub_idx').on(t.providerSubscriptionId),
    // A reader's charges in order: their first payment, their latest terms.
    index('transactions_user_charges_idx')
      .on(t.userId, t.completedAt)
      .where(sql`${t.status} in ('completed', 'refunded')`),
    // Free trials, few among the charges: which ended in a period.
    index('transactions_trials_idx')
      .on(t.completedAt)
      .where(sql`${t.trialDays} > 0`),
    // Decision 0117 "Speed": the refunds given on a day (their refund time,
    // verification.repository.ts's reading), which migration 0029's day totals recompute.
    index('transactions_refunded_at_idx')
      .on(sql`greatest(${t.updatedAt}, ${t.completedAt})`)
      .where(sql`${t.status} = 'refunded'`),
  ],
);

/** Who has had a free trial (decision 0098): the account and a hash of its normalised e-mail,
 * kept after the account is deleted (user_id then null) so one person gets one trial. */
export const trialUses = pgTable(
  'trial_uses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    emailHash: varchar('email_hash', { length: 64 }).notNull(),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trial_uses_transaction_uq').on(t.transactionId),
    index('trial_uses_user_idx').on(t.userId),
    index('trial_uses_email_idx').on(t.emailHash),
  ],
);

/** A plan change quoted to a subscriber and, once confirmed, applied (decision 0100). The quote
 * fixes the proration's moment, so the change applies exactly as previewed; `status` goes from
 * 'quoted' to 'applied' once, under the row's lock, whoever gets there first (the confirming
 * call, or a Stripe event if that call was lost after Stripe changed the subscription). */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionRowId: uuid('subscription_row_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    /** The transaction that stands for the new terms, inserted when applied. */
    transactionId: uuid('transaction_id').notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planKey: varchar('plan_key', { length: 50 }).notNull(),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    fromPlanName: varchar('from_plan_name', { length: 100 }).notNull(),
    durationMonths: integer('duration_months').notNull(),
    periodCents: integer('period_cents').notNull(),
    grantsAllVipTips: boolean('grants_all_vip_tips').notNull(),
    includesPacks: boolean('includes_packs').notNull(),
    prorationDate: timestamp('proration_date', { withTimezone: true }).notNull(),
    prorationCents: integer('proration_cents').notNull(),
    chargedNow: boolean('charged_now').notNull(),
    amountDueNowCents: integer('amount_due_now_cents').notNull(),
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    nextChargeCents: integer('next_charge_cents').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('quoted'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('plan_changes_user_idx').on(t.userId, t.createdAt.desc())],
);

/** The payment provider's customer of each user (one Stripe customer per user, for packs and
 * subscriptions alike). Erased with the person; the provider keeps its own records. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerCustomerId: varchar('provider_customer_id', { length: 255 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_provider_uq').on(t.provider, t.providerCustomerId),
  ],
);

export const packPurchases = pgTable(
  'pack_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: uuid('pack_id')
      .notNull()
      .references(() => packs.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pack_purchases_transaction_uq').on(t.transactionId),
    uniqueIndex('pack_purchases_active_uq')
      .on(t.userId, t.packId)
      .where(sql`${t.revokedAt} is null`),
    index('pack_purchases_user_idx').on(t.userId, t.purchasedAt.desc()),
  ],
);

export const globalMessages = pgTable(
  'global_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: varchar('text', { length: 200 }).notNull(),
    type: messageType('type').notNull().default('info'),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** "Mostrar hasta" (decision 0087): from then on the banner no longer shows; null, no end. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('global_messages_active_idx').on(t.active, t.createdAt.desc())],
);

/** Provider events already applied; written in the same transaction as their effect. */
export const paymentEvents = pgTable('payment_events', {
  id: varchar('id', { length: 255 }).primaryKey(),
  provider: varchar('provider', { length: 20 }).notNull(),
  type: varchar('type', { length: 100 }).notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const financialVerifications = pgTable(
  'financial_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verificationType: varchar('verification_type', { length: 30 }).notNull(),
    status: verificationStatus('status').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedByUsername: varchar('verified_by_username', { length: 120 }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    balanceData: jsonb('balance_data').$type<Record<string, unknown>>(),
    riskPaymentsData: jsonb('risk_payments_data').$type<Record<string, unknown>>(),
    payoutsData: jsonb('payouts_data').$type<Record<string, unknown>>(),
  },
  (t) => [index('financial_verifications_verified_at_idx').on(t.verifiedAt.desc())],
);

/** Small key/value facts about this database, such as which demo seed it holds. */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per sign-in (docs/decisions/0020): the token carries its id (`sid`); deleting the
 * row ends the session at its next request or renewal. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Moved at renewal (every 5 minutes), not on every request: a read must not be a write.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: varchar('user_agent', { length: 512 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.lastSeenAt.desc())],
);

// ─── Issue 15: the durable job queue and alerts (decision 0042) ───────────────────────────────

export const jobState = pgEnum('job_state', ['queued', 'running', 'done', 'dead']);

/**
 * The job queue (modules/jobs): claimed with FOR UPDATE SKIP LOCKED and a lease (`locked_until`),
 * so each job runs once across instances and a job whose instance died runs again when its lease
 * ends. `dedupe_key` makes an enqueue idempotent (one fan-out per tip, whatever happens to it).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull().default({}),
    dedupeKey: varchar('dedupe_key', { length: 200 }),
    state: jobState('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key_uq').on(t.dedupeKey),
    // What a worker looks at: due jobs, and running ones whose lease may have ended.
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`state in ('queued', 'running')`),
    index('jobs_kind_state_idx').on(t.kind, t.state),
  ],
);

export const alertChannel = pgEnum('alert_channel', ['email', 'telegram', 'push']);
export const deliveryState = pgEnum('delivery_state', [
  'queued',
  'sending',
  'sent',
  'failed',
  'dead',
]);

/**
 * One alert of one tip to one reader on one channel (the Telegram channel post has no reader).
 * The unique key (NULLS NOT DISTINCT, so the channel post counts once too) is what makes a
 * fan-out safe to run twice: a second run finds every row already there.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tipId: uuid('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: alertChannel('channel').notNull(),
    state: deliveryState('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    unique('alert_deliveries_once_uq').on(t.tipId, t.userId, t.channel).nullsNotDistinct(),
    index('alert_deliveries_tip_state_idx').on(t.tipId, t.state),
  ],
);

/** What each reader wants to be told, per channel and category. No row: nothing is sent. */
export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailFree: boolean('email_free').notNull().default(false),
  emailVip: boolean('email_vip').notNull().default(false),
  pushFree: boolean('push_free').notNull().default(false),
  pushVip: boolean('push_vip').notNull().default(false),
  /** When the reader ticked "Quiero recibir novedades…" at sign-up (consent, with its time). */
  newsConsentAt: timestamp('news_consent_at', { withTimezone: true }),
  ...timestamps,
});

/** A browser's Web Push subscription (one per device). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1000 }).notNull(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

// ─── Issue 16: gift codes (decision 0046) ────────────────────────────────────────────────────

export const giftCodeType = pgEnum('gift_code_type', ['plan', 'pack']);

/** One issue of codes: what they grant (with the plan's or pack's name as it was), how long they
 * last, who made them. A paid gift checkout will make batches too, without an admin. */
export const giftCodeBatches = pgTable(
  'gift_code_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: giftCodeType('type').notNull(),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    planKey: varchar('plan_key', { length: 50 }),
    months: smallint('months'),
    // A deleted pack leaves its codes unredeemable (the API says expired), not pointing elsewhere.
    packId: uuid('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    itemName: varchar('item_name', { length: 120 }).notNull(),
    count: integer('count').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    note: varchar('note', { length: 200 }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The paid gift checkout that made this batch (null for an admin's batch). Unique: a
    // payment fulfilled twice cannot mint a second code.
    purchaseTransactionId: uuid('purchase_transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_code_batches_purchase_uq').on(t.purchaseTransactionId),
    check('gift_code_batches_months_range', sql`months between 1 and 24`),
    check(
      'gift_code_batches_grant',
      sql`(type = 'plan' and months is not null and plan_key is not null) or (type = 'pack' and months is null)`,
    ),
  ],
);

/** One code. Only its SHA-256 is kept: the plain code is shown once, when it is made. */
export const giftCodes = pgTable(
  'gift_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => giftCodeBatches.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    // The last four symbols, so an admin can tell which code a customer reads out (decision 0046).
    hint: varchar('hint', { length: 4 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedBy: uuid('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    // The zero-amount transaction the redemption recorded (provider 'gift').
    transactionId: uuid('transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('gift_codes_hash_uq').on(t.codeHash),
    // The admin list: newest first, whole or by state.
    index('gift_codes_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('gift_codes_batch_idx').on(t.batchId),
    index('gift_codes_redeemed_by_idx').on(t.redeemedBy),
  ],
);

// ─── The proof issue: the public, append-only ledger of the track record (decision 0073) ──────

/**
 * Every publication, change of a bet or match, withdrawal, kick-off, reveal, result and correction,
 * chained by hash and signed (contracts/ledger.ts). `body` is the canonical JSON of the entry's
 * values exactly as hashed. Triggers refuse UPDATE, DELETE and TRUNCATE: nothing rewrites it.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, precision: 3 }).notNull(),
    // No foreign key: a withdrawn tip may be deleted, its entries stay.
    tipId: uuid('tip_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    body: text('body').notNull(),
    imported: boolean('imported').notNull().default(false),
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    sig: varchar('sig', { length: 128 }).notNull(),
  },
  (t) => [
    index('ledger_entries_tip_idx').on(t.tipId, t.seq),
    uniqueIndex('ledger_entries_hash_idx').on(t.hash),
  ],
);

/** The salt of each VIP commitment, private until its reveal after kick-off. */
export const ledgerSecrets = pgTable(
  'ledger_secrets',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    tipId: uuid('tip_id').notNull(),
    salt: varchar('salt', { length: 32 }).notNull(),
    bet: text('bet').notNull(),
  },
  (t) => [index('ledger_secrets_tip_idx').on(t.tipId, t.seq)],
);

/** The next number of each year's receipt series (decision 0093): one row per year, bumped by
 * an upsert that locks it until the payment's transaction commits, so numbers have no gaps. */
export const receiptCounters = pgTable('receipt_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A receipt of a paid transaction, or the credit note of its refund, as issued: what it
 * prints is frozen in `document` (seller, buyer, tax ids, concept, amount). Kept after the
 * account is deleted, like the transaction. */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 12 }).$type<'receipt' | 'credit_note'>().notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: varchar('number', { length: 20 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    document: jsonb('document').notNull(),
  },
  (t) => [
    uniqueIndex('receipts_number_uq').on(t.number),
    uniqueIndex('receipts_year_seq_uq').on(t.year, t.seq),
    // One receipt and one credit note per transaction, however often a payment is told of.
    uniqueIndex('receipts_transaction_kind_uq').on(t.transactionId, t.kind),
    index('receipts_user_idx').on(t.userId),
  ],
);

// ─── Issue 31: Telegram accounts linked to readers (decision 0102) ─────────────────────────

/** A reader's Telegram account: one per reader, and one reader per Telegram user. Ids are
 * Telegram's (up to 52 bits; group chats are negative). Erased with the account. */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    username: varchar('username', { length: 64 }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('telegram_links_telegram_user_uq').on(t.telegramUserId)],
);

/** A "Conectar Telegram" link: only the SHA-256 of its token is kept (the token itself travels
 * once, in the t.me address), valid 15 minutes and once. Erased with the account. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('telegram_link_tokens_user_idx').on(t.userId)],
);

// ─── Issue 31 item 3: VIP tips posted by the bot (decision 0106) ───────────────────────────

/** One message the bot sent with a VIP tip: the post in the paid group (user_id null) or a pack
 * buyer's private copy. Its message_id is what a change before kick-off replies to; the key
 * (one per tip and chat) is what keeps a repeated job from posting twice. */
export const telegramVipPosts = pgTable(
  'telegram_vip_posts',
  {
    tipId: uuid('tip_id')
      .notNull()
      .references(() => tips.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    messageId: integer('message_id').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tipId, t.chatId] })],
);

/**
 * The paid VIP group (issue 31 item 2, decision 0104): one row per Telegram user the bot let in
 * (an invite sent, or a join request approved). Keyed by the Telegram user, not the account: an
 * account deleted or linked to another Telegram must still see this person removed, so
 * `user_id` only goes null with the account. `round` grows with every invitation and removal (it
 * names their jobs, so each runs once); `invites` counts invitations since the last removal (the
 * bot stops after a few unused ones). States: inviting (invite job queued), invited (link
 * sent, valid until `invite_expires_at`), member (join request approved), removing (removal job
 * queued), removed.
 */
export const vipGroupMembers = pgTable(
  'vip_group_members',
  {
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 10 }).notNull(),
    round: integer('round').notNull().default(1),
    invites: integer('invites').notNull().default(1),
    inviteLink: varchar('invite_link', { length: 255 }),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('vip_group_members_user_idx').on(t.userId),
    check(
      'vip_group_members_state_ck',
      sql`${t.state} in ('inviting', 'invited', 'member', 'removing', 'removed')`,
    ),
  ],
);

// A reader's monthly spend limit (issue 32 item 4, decision 0113). No row: no limit.
// A tightening replaces limit_cents at once; a loosening waits in pending_* until pending_from
// (72 hours later), and a pending removal is pending_from with a null pending_limit_cents.
export const spendLimits = pgTable(
  'spend_limits',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Null: no limit in force now (a first limit was set, or a removal already applied).
    limitCents: integer('limit_cents'),
    pendingLimitCents: integer('pending_limit_cents'),
    pendingFrom: timestamp('pending_from', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('spend_limits_positive_ck', sql`${t.limitCents} is null or ${t.limitCents} > 0`),
    check(
      'spend_limits_pending_ck',
      sql`${t.pendingLimitCents} is null or (${t.pendingLimitCents} > 0 and ${t.pendingFrom} is not null)`,
    ),
  ],
);

// eslint-disable-next-line import-x/no-cycle -- see schema-referrals.ts: its references are lazy.
export * from './schema-referrals';
export * from './schema-business';
