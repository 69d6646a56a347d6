import type { Db } from '../../db/database';
import type { ProviderName } from './payment-provider';
import type { NewTransaction, PaymentFacts, TransactionRow } from './payments.repository';

/**
 * The payments port's side of what is sold (decision 0064). Payments knows checkouts,
 * providers, webhooks and transactions; each product (a pack, a plan, a gift, and later trials
 * or referrals) registers how a paid transaction of it is delivered, taken back and described.
 * Payments imports none of them: app.ts hands every module the one registry, and each product
 * module registers itself on it.
 */

/** Which product a transaction is of: its kind, or a gift of either kind. */
export type ProductKey = 'pack' | 'subscription' | 'gift';

export function productKeyOf(tx: Pick<TransactionRow, 'kind' | 'isGift'>): ProductKey {
  return tx.isGift ? 'gift' : tx.kind;
}

/** A payment to deliver, inside the database transaction that marks it completed: everything a
 * product writes through `db` commits (or rolls back) with the payment. */
export type Delivery = {
  db: Db;
  /** As completed: `amountCents` is what was paid. */
  transaction: TransactionRow;
  facts: PaymentFacts;
  now: Date;
};

/** One more paid period of a renewing subscription, recorded as its own transaction. */
export type RenewalDelivery = {
  db: Db;
  transaction: TransactionRow;
  provider: ProviderName;
  /** The provider's subscription, or null for a simulated renewal (our own charge). */
  subscriptionId: string | null;
  /** The provider's current word on renewal, or null to leave the flag alone. */
  renews: boolean | null;
  now: Date;
};

export type Delivered = {
  /** The buyer's receipt (sent by payments, after the commit); null when the product tells
   * the buyer itself, as a gift does with its code. */
  receipt: { endDate: Date | null } | null;
  /** Provider subscriptions that must stop renewing now that this one stands. */
  stop?: { provider: string; subscriptionId: string }[];
};

/** What a renewal needs to charge a due simulated subscription again (the simulated provider
 * has no clock of its own: the payment job is its biller). */
export type DueRenewal = {
  userId: string;
  /** Our subscription row and the end of its period: together they name the renewal once. */
  subscriptionRowId: string;
  periodEnd: Date;
  /** The simulated card on file declines (decision 0095): the charge fails. */
  declines: boolean;
  /** This period's charge already failed once: the next failure is the last. */
  failedBefore: boolean;
  checkout: Pick<TransactionRow, 'planId' | 'itemName' | 'planKey' | 'durationMonths' | 'currency'>;
  priceCents: number;
};

/** A subscription by the provider's id, or by our row's (a simulated one may have no provider
 * id: the simulated biller names it by row). */
export type SubscriptionRef = { providerSubscriptionId: string } | { rowId: string };

/** Who holds a provider subscription, and of which plan. */
export type Holder = {
  userId: string;
  planKey: string | null;
  planName: string;
  durationMonths: number;
  renews: boolean;
  /** A failed renewal is being retried ("Pago pendiente"). */
  paymentPending: boolean;
};

/** What a product sold by renewing subscriptions adds: providers charge it every period and
 * tell of renewals being switched off or failing. */
export type RecurringHooks = {
  renew(renewal: RenewalDelivery): Promise<Delivered>;
  /** The provider's current word on whether one of its subscriptions renews. */
  setRenews(db: Db, providerSubscriptionId: string, renews: boolean, now: Date): Promise<void>;
  /** Whose a provider subscription is (a failed renewal is e-mailed to them), locked. */
  holderOf(db: Db, providerSubscriptionId: string): Promise<Holder | null>;
  /** A renewal charge failed and the provider retries it at `nextAttempt` (null: no attempt
   * left): "Pago pendiente", access kept meanwhile (decision 0095). Null, changing nothing, when
   * the subscription no longer renews (a failure told late, after its end or cancellation). */
  paymentFailed(
    db: Db,
    ref: SubscriptionRef,
    nextAttempt: Date | null,
    now: Date,
  ): Promise<Holder | null>;
  /** The provider gave up on a failed renewal: access ends now. Null, changing nothing, when it
   * had already ended that way (so its e-mail goes once). */
  endUnpaid(db: Db, ref: SubscriptionRef, now: Date): Promise<Holder | null>;
  /** Applies a quoted plan change on the product's side (decision 0100) and answers the terms
   * payments then records (fulfilment.recordTermsIn); null when it was applied already or is
   * unknown. The confirming call and a provider event that beats it both come here. */
  applyChange(db: Db, changeId: string, now: Date): Promise<TermsInput | null>;
  /** Renewing subscriptions whose renewal never came within the grace stop renewing. */
  endLapsed(db: Db, before: Date, now: Date): Promise<number>;
  dueSimulated(db: Db, now: Date, notBefore: Date, limit: number): Promise<DueRenewal[]>;
  /** Simulated subscriptions of `months`-month periods renewing by `until`: their holders are
   * told the amount and date ahead, as Stripe's invoice.upcoming does. */
  upcomingSimulated(
    db: Db,
    now: Date,
    until: Date,
    months: number,
    limit: number,
  ): Promise<(DueRenewal & { holder: Holder })[]>;
};

/** The new terms of a subscription and what changing to them charged now (decision 0100). */
export type TermsInput = Pick<
  NewTransaction,
  | 'id'
  | 'userId'
  | 'planId'
  | 'itemName'
  | 'planKey'
  | 'durationMonths'
  | 'amountCents'
  | 'periodCents'
  | 'adjustmentCents'
  | 'provider'
  | 'providerSubscriptionId'
  | 'providerInvoiceId'
> & { id: string; userId: string };

export type PaymentProduct = {
  key: ProductKey;
  /** Gives the buyer what a completed payment paid for. */
  fulfil(delivery: Delivery): Promise<Delivered>;
  /** Takes back what a fully refunded payment gave. */
  refund(refund: { db: Db; transaction: TransactionRow; now: Date }): Promise<void>;
  /** The sentence that tells the buyer what they paid for, in the product's own words (the
   * receipt's, or the product's own e-mail's). */
  describe(tx: TransactionRow, paid: { isRenewal: boolean }): string;
  recurring?: RecurringHooks;
};

export type ProductRegistry = {
  register(product: PaymentProduct): void;
  /** The product of a transaction; throws when none registered, so a payment of something this
   * server cannot deliver rolls back and stays to be delivered once it can. */
  of(tx: Pick<TransactionRow, 'kind' | 'isGift'>): PaymentProduct;
  /** The product sold by renewing subscriptions, if one is registered. */
  recurring(): (PaymentProduct & { recurring: RecurringHooks }) | null;
};

export function createProductRegistry(): ProductRegistry {
  const products = new Map<ProductKey, PaymentProduct>();
  return {
    register(product) {
      if (products.has(product.key)) throw new Error(`producto «${product.key}» ya registrado`);
      products.set(product.key, product);
    },
    of(tx) {
      const key = productKeyOf(tx);
      const product = products.get(key);
      if (!product) throw new Error(`ningún producto registrado para «${key}»`);
      return product;
    },
    recurring() {
      for (const product of products.values()) {
        const { recurring } = product;
        if (recurring) return { ...product, recurring };
      }
      return null;
    },
  };
}
