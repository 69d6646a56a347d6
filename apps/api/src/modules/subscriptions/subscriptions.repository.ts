import { and, eq, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { plans, subscriptions, users } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionValues = Pick<
  SubscriptionRow,
  | 'planId'
  | 'planKey'
  | 'planName'
  | 'durationMonths'
  | 'endDate'
  | 'isRecurring'
  | 'provider'
  | 'providerCustomerId'
  | 'providerSubscriptionId'
>;

/** A new subscription's free trial (decision 0098): when it ends and what is charged then; and
 * what each period costs (decision 0099). */
export type TrialValues = Partial<
  Pick<SubscriptionRow, 'trialEndsAt' | 'trialThenCents' | 'periodCents'>
>;

/** The terms a plan change puts on the row (decision 0100). */
export type PlanTermsValues = Pick<
  SubscriptionRow,
  | 'planId'
  | 'planKey'
  | 'planName'
  | 'durationMonths'
  | 'grantsAllVipTips'
  | 'includesPacks'
  | 'periodCents'
  | 'pendingAdjustmentCents'
  | 'endDate'
>;

/** A simulated subscription due for its next period, with the plan's price of one. */
export type DueSimulatedRow = {
  subscription: SubscriptionRow;
  plan: { id: string; name: string; key: string; durationMonths: number; priceCents: number };
};

/** Every user's one subscription row: the paid period (its end), the plan it is of, and whether
 * and by whom it renews. `db` may be the caller's transaction (a payment's fulfilment). */
export function createSubscriptionsRepository(db: Db) {
  /** Simulated renewing subscriptions that also match `where`, each with its plan as it is now
   * (one whose plan was deleted drops out: the simulated provider has nothing to charge). */
  const simulatedRenewing = (where: SQL | undefined, limit: number): Promise<DueSimulatedRow[]> =>
    db
      .select({
        subscription: subscriptions,
        plan: {
          id: plans.id,
          name: plans.name,
          key: plans.key,
          durationMonths: plans.durationMonths,
          priceCents: plans.priceCents,
        },
      })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(eq(subscriptions.provider, 'simulated'), eq(subscriptions.isRecurring, true), where),
      )
      .limit(limit);

  return {
    async find(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
      return row ?? null;
    },

    async findById(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
      return row ?? null;
    },

    /** The provider's next charge as it answered for `endDate`; nothing if the end has moved
     * since (another gift: its job sends the new end and settles it). */
    async settleNextCharge(
      id: string,
      endDate: Date,
      nextChargeAt: Date | null,
      now: Date,
    ): Promise<void> {
      await db
        .update(subscriptions)
        .set({ nextChargeAt, updatedAt: now })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.endDate, endDate)));
    },

    /** Serialises changes to one user's subscription: the row may not exist yet, so the user
     * row is what two racing fulfilments queue on (NO KEY UPDATE does not block inserts that
     * merely reference the user). */
    async lockUser(userId: string): Promise<void> {
      await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
    },

    async lock(userId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .for('update');
      return row ?? null;
    },

    async lockById(id: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, id))
        .for('update');
      return row ?? null;
    },

    async lockByProvider(providerSubscriptionId: string): Promise<SubscriptionRow | null> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId))
        .for('update');
      return row ?? null;
    },

    /** Inserts or replaces the user's one subscription row, with what its plan grants now
     * (decision 0097; a deleted plan's subscription grants what every plan granted before). */
    async save(userId: string, values: SubscriptionValues & TrialValues, now: Date): Promise<void> {
      const [plan] = values.planId
        ? await db
            .select({
              grantsAllVipTips: plans.grantsAllVipTips,
              includesPacks: plans.includesPacks,
            })
            .from(plans)
            .where(eq(plans.id, values.planId))
        : [];
      const row = {
        ...values,
        grantsAllVipTips: plan?.grantsAllVipTips ?? true,
        includesPacks: plan?.includesPacks ?? true,
        trialEndsAt: values.trialEndsAt ?? null,
        trialThenCents: values.trialThenCents ?? null,
        periodCents: values.periodCents ?? null,
        // A new checkout starts clean: a change's adjustment belonged to the old subscription.
        pendingAdjustmentCents: 0,
      };
      await db
        .insert(subscriptions)
        .values({ userId, ...row, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: subscriptions.userId, set: { ...row, updatedAt: now } });
    },

    async update(
      id: string,
      values: Partial<
        Pick<
          SubscriptionRow,
          | 'endDate'
          | 'isRecurring'
          | 'nextChargeAt'
          | 'paymentFailedAt'
          | 'nextPaymentAttemptAt'
          | 'simulatedCardDeclines'
          | 'pendingAdjustmentCents'
        >
      >,
      now: Date,
    ): Promise<void> {
      await db
        .update(subscriptions)
        .set({ ...values, updatedAt: now })
        .where(eq(subscriptions.id, id));
    },

    /** A plan change's new terms (decision 0100); a paid renewal in flight is not undone. */
    async setTerms(id: string, values: PlanTermsValues, now: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ ...values, updatedAt: now })
        .where(eq(subscriptions.id, id));
    },

    /** Renewing subscriptions whose renewal never came within the grace: they simply end. */
    async endLapsedRenewals(before: Date, now: Date): Promise<number> {
      const rows = await db
        .update(subscriptions)
        .set({ isRecurring: false, updatedAt: now })
        .where(
          and(
            eq(subscriptions.isRecurring, true),
            lt(subscriptions.endDate, before),
            // A failed renewal the provider still retries keeps going until its next attempt.
            or(
              isNull(subscriptions.nextPaymentAttemptAt),
              lt(subscriptions.nextPaymentAttemptAt, before),
            ),
          ),
        )
        .returning({ id: subscriptions.id });
      return rows.length;
    },

    /** Simulated renewing subscriptions of `months`-month periods renewing in (now, until]:
     * those told of their next charge ahead (decision 0095). */
    async upcomingSimulatedRenewals(
      now: Date,
      until: Date,
      months: number,
      limit: number,
    ): Promise<DueSimulatedRow[]> {
      return simulatedRenewing(
        and(
          eq(subscriptions.durationMonths, months),
          sql`${subscriptions.endDate} > ${now}`,
          lte(subscriptions.endDate, until),
        ),
        limit,
      );
    },

    /** Simulated renewing subscriptions that are due (the simulated provider "charges" them),
     * with their plan as it is now; one whose plan was deleted is left to lapse. */
    async dueSimulatedRenewals(
      now: Date,
      notBefore: Date,
      limit: number,
    ): Promise<DueSimulatedRow[]> {
      return simulatedRenewing(
        and(
          lte(subscriptions.endDate, now),
          sql`${subscriptions.endDate} >= ${notBefore}`,
          // A declined renewal is charged again at its next attempt, not at every round.
          or(
            isNull(subscriptions.nextPaymentAttemptAt),
            lte(subscriptions.nextPaymentAttemptAt, now),
          ),
        ),
        limit,
      );
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
