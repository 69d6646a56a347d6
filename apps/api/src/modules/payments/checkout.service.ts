import type { Attribution } from '@magotips/contracts/attribution';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { fromCents } from '@magotips/contracts/money';
import {
  CHECKOUT_SESSION_MINUTES,
  PAYMENT_MESSAGES,
  type TPaymentCreateResponse,
  type TTransaction,
  type TTransactionResponse,
} from '@magotips/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUniqueViolation } from '../../lib/db-errors';
import type { FulfilFacts, Fulfilment } from './fulfilment';
import type { SpendLimit } from './spend-limit';
import {
  type OfferedDiscount,
  type PaymentProvider,
  PaymentProviderError,
  type SessionState,
} from './payment-provider';
import type {
  NewTransaction,
  PaymentsRepository,
  TransactionKind,
  TransactionRow,
} from './payments.repository';

/** A checkout that never got its provider session (the process died between the two writes)
 * is given up after this long. */
const ORPHAN_CHECKOUT_MS = 2 * 60_000;
/** Stripe wants expires_at at least 30 minutes after it receives the request: a minute of
 * headroom covers the request itself and clocks that disagree a little. */
const STRIPE_EXPIRY_HEADROOM_MS = 60_000;
/** A payment past its checkout life that the provider still reports in progress (a bank debit
 * takes days) is asked about again after this long. */
const RECHECK_MS = 30 * 60_000;

/** The buyer, with the origin the transaction records (decision 0118): checkout-routes.ts puts
 * the request's mt_origen cookie over the account's stored one. */
export type Buyer = { id: string; email: string; firstName: string; lastName: string } & Partial<
  Record<keyof Attribution, string | null>
>;

export type StartCheckout = {
  buyer: Buyer;
  kind: TransactionKind;
  values: Pick<
    NewTransaction,
    'packId' | 'planId' | 'itemName' | 'planKey' | 'durationMonths' | 'amountCents' | 'isRecurring'
  > &
    Partial<
      Pick<
        NewTransaction,
        'isGift' | 'giftRecipientEmail' | 'giftMessage' | 'trialDays' | 'trialThenCents'
      >
    >;
  description: string | null;
  /** Months between charges of a recurring subscription; null for a one-off payment. */
  recurringMonths: number | null;
  metadata: Record<string, string>;
  /** The error for "a checkout for this is already in progress" (the unique index said so). */
  inProgress: () => AppError;
  /** The buyer asked for immediate access and accepted losing the right of withdrawal (decision
   * 0034): the request schema requires it; the transaction records when, by this server's clock. */
  immediateAccessConsent: true;
};

/** The discount a buyer is owed on what they pay now (a referred reader's welcome, decision
 * 0119). Referrals implements it and app.ts hands it over: payments asks, never knows why.
 * `customerId` is the buyer's customer at `provider` (made just before), for a code only they
 * may redeem. */
export type DiscountPort = {
  offeredDiscount(
    buyerId: string,
    provider: PaymentProvider,
    customerId: string | null,
  ): Promise<OfferedDiscount | null>;
};

export type CheckoutDeps = {
  repo: PaymentsRepository;
  fulfilment: Fulfilment;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  /** The provider new payments go to; null when payments are switched off. */
  active: PaymentProvider | null;
  providerFor(name: string): PaymentProvider | null;
  /** The buyer's monthly spend limit (decision 0113), checked before any provider call. */
  spendLimit: Pick<SpendLimit, 'ensureRoom'>;
  /** Asked by every checkout that charges now; none: no checkout carries a discount. */
  discounts?: DiscountPort;
};

export function factsOf(state: SessionState): FulfilFacts {
  return {
    paymentIntentId: state.paymentIntentId,
    subscriptionId: state.subscriptionId,
    invoiceId: state.invoiceId,
    customerId: state.customerId,
    charged: state.charged,
  };
}

/** A payment as its owner reads it (ZTransaction). */
export function toTransactionView(tx: TransactionRow): TTransaction {
  return {
    _id: tx.id,
    transactionId: tx.id,
    status: tx.status,
    amount: fromCents(tx.amountCents),
    currency: tx.currency,
    type: tx.kind,
    pack: tx.kind === 'pack' ? { _id: tx.packId, nombre: tx.itemName } : null,
    plan: tx.planKey,
    planData:
      tx.kind === 'subscription' ? { name: tx.itemName, duration: tx.durationMonths ?? 1 } : null,
    isRecurring: tx.isRecurring,
    createdAt: tx.createdAt.toISOString(),
    completedAt: tx.completedAt ? tx.completedAt.toISOString() : null,
  };
}

/** The 409 for a one-off checkout already open on the same item (a pack or a gift): the
 * unique index on pending checkouts refuses the second, and the buyer reads SPEC.md's text. */
export const pendingTransaction = () =>
  AppError.conflict(PAYMENT_MESSAGES.pendingTransaction, ERROR_CODES.pendingTransaction);

/** The disabled providers of SPEC.md §8, refused with their own 'coming soon' text. */
export function comingSoon(method: string | undefined): AppError | null {
  const m = method?.toLowerCase();
  if (m === 'paypal')
    return new AppError('PROVIDER_NOT_AVAILABLE', 400, PAYMENT_MESSAGES.paypalSoon);
  if (m === 'mercadopago')
    return new AppError('PROVIDER_NOT_AVAILABLE', 400, PAYMENT_MESSAGES.mercadopagoSoon);
  return null;
}

const providerUnavailable = () =>
  new AppError('PAYMENT_PROVIDER_ERROR', 502, PAYMENT_MESSAGES.providerUnavailable);

/** Checkout life cycle shared by packs and subscriptions: open a provider session for a
 * pending transaction, reconcile a pending one with the provider, close one. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { repo, log } = deps;

  async function customerFor(provider: PaymentProvider, buyer: Buyer): Promise<string> {
    const stored = await repo.findCustomer(buyer.id, provider.name);
    if (stored) return stored;
    const created = await provider.createCustomer({
      userId: buyer.id,
      email: buyer.email,
      name: `${buyer.firstName} ${buyer.lastName}`.trim(),
    });
    return repo.saveCustomer(buyer.id, provider.name, created, deps.clock());
  }

  /** What became of a pending payment: asks the provider and fulfils a paid one, expires one
   * whose session is gone. Anything else (or a provider that cannot be reached) leaves the row
   * as it is. Also answers the session as the provider sees it now (null: unknown/unreachable). */
  async function inspect(
    tx: TransactionRow,
  ): Promise<{ tx: TransactionRow; session: SessionState | null }> {
    if (tx.status !== 'pending') return { tx, session: null };
    const now = deps.clock();
    if (!tx.providerSessionId) {
      if (now.getTime() - tx.createdAt.getTime() > ORPHAN_CHECKOUT_MS) {
        await repo.setStatus(tx.id, ['pending'], 'failed', now);
        return { tx: (await repo.findById(tx.id)) ?? tx, session: null };
      }
      return { tx, session: null };
    }
    const provider = deps.providerFor(tx.provider);
    if (!provider) {
      // A provider this server no longer talks to: nothing to learn now.
      if (tx.expiresAt && tx.expiresAt.getTime() <= now.getTime()) {
        await repo.postponeCheck(tx.id, new Date(now.getTime() + 24 * 60 * 60_000), now);
      }
      return { tx, session: null };
    }
    let state: SessionState | null;
    try {
      state = await provider.retrieveSession(tx.providerSessionId);
    } catch (err) {
      log.warn({ err, transactionId: tx.id }, 'no se pudo consultar la sesión de pago');
      return { tx, session: null };
    }
    return { tx: await applySessionState(tx, state), session: state };
  }

  const reconcile = async (tx: TransactionRow): Promise<TransactionRow> => (await inspect(tx)).tx;

  async function applySessionState(
    tx: TransactionRow,
    state: SessionState | null,
  ): Promise<TransactionRow> {
    const now = deps.clock();
    if (state?.paid) {
      await deps.fulfilment.fulfil(tx.id, factsOf(state));
      return (await repo.findById(tx.id)) ?? tx;
    }
    const gone =
      state === null
        ? tx.expiresAt !== null && tx.expiresAt.getTime() <= now.getTime()
        : state.status === 'expired';
    if (gone) {
      await repo.setStatus(tx.id, ['pending'], 'expired', now);
    } else if (tx.expiresAt && tx.expiresAt.getTime() <= now.getTime()) {
      await repo.postponeCheck(tx.id, new Date(now.getTime() + RECHECK_MS), now);
    }
    return (await repo.findById(tx.id)) ?? tx;
  }

  return {
    inspect,
    reconcile,

    /** Opens the provider's checkout for a new pending transaction. */
    async start(
      input: StartCheckout,
      /** The success page's `type`: what it verifies (a gift has its own call). */
      type: 'pack' | 'subscription' | 'gift',
    ): Promise<TPaymentCreateResponse> {
      const provider = deps.active;
      if (!provider)
        throw new AppError('PAYMENTS_DISABLED', 503, PAYMENT_MESSAGES.paymentsDisabled);
      // What the checkout charges today (a trial's 0): a new purchase, so the limit may refuse it.
      await deps.spendLimit.ensureRoom(input.buyer.id, input.values.amountCents);
      const now = deps.clock();
      const expiresAt = new Date(
        now.getTime() +
          CHECKOUT_SESSION_MINUTES * 60_000 +
          (provider.name === 'stripe' ? STRIPE_EXPIRY_HEADROOM_MS : 0),
      );
      let tx: TransactionRow;
      try {
        tx = await repo.insertTransaction({
          ...input.values,
          userId: input.buyer.id,
          kind: input.kind,
          currency: 'USD',
          status: 'pending',
          provider: provider.name,
          expiresAt,
          immediateAccessConsentAt: input.immediateAccessConsent ? now : null,
          utmSource: input.buyer.utmSource ?? null,
          utmMedium: input.buyer.utmMedium ?? null,
          utmCampaign: input.buyer.utmCampaign ?? null,
          refCode: input.buyer.refCode ?? null,
          createdAt: now,
          updatedAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw input.inProgress();
        throw err;
      }

      try {
        const customerId = await customerFor(provider, input.buyer);
        // A trial charges nothing now: its first charge comes later, at the price (decision 0119).
        const chargesNow = !tx.trialDays && tx.amountCents > 0;
        const promotion =
          chargesNow && deps.discounts
            ? await deps.discounts.offeredDiscount(input.buyer.id, provider, customerId)
            : null;
        const session = await provider.createCheckoutSession({
          transactionId: tx.id,
          userId: input.buyer.id,
          customerId,
          kind: input.kind,
          itemName: tx.itemName,
          description: input.description,
          // A trial charges nothing now (the transaction's 0) and the period's price after it.
          amountCents: tx.trialThenCents ?? tx.amountCents,
          currency: 'USD',
          recurringMonths: input.recurringMonths,
          trialDays: tx.trialDays,
          successUrl: `${deps.appUrl}/payment/success?session_id={CHECKOUT_SESSION_ID}&type=${type}`,
          cancelUrl: `${deps.appUrl}/payment/cancel`,
          expiresAt,
          metadata: { ...input.metadata, kind: input.kind },
          promotion,
        });
        await repo.attachSession(tx.id, session, deps.clock(), promotion);
        log.info(
          { transactionId: tx.id, provider: provider.name, kind: input.kind },
          'sesión de pago creada',
        );
        return {
          success: true,
          message: PAYMENT_MESSAGES.paymentCreated,
          payment: { transactionId: tx.id, stripeCheckoutUrl: session.url },
        };
      } catch (err) {
        // Nobody can pay a checkout that was never opened: free the user to try again.
        await repo.setStatus(tx.id, ['pending'], 'failed', deps.clock());
        if (err instanceof PaymentProviderError) {
          log.error({ err, transactionId: tx.id }, 'el proveedor de pagos rechazó la sesión');
          throw providerUnavailable();
        }
        throw err;
      }
    },

    /** Closes a pending payment for good: its provider session is expired first, and one paid
     * in the meantime is fulfilled instead (the money is taken). Answers the final status. */
    async close(tx: TransactionRow): Promise<TransactionRow> {
      if (tx.status !== 'pending') return tx;
      const now = deps.clock();
      const provider = deps.providerFor(tx.provider);
      if (tx.providerSessionId && provider) {
        let state: SessionState | null;
        try {
          state = await provider.expireSession(tx.providerSessionId);
        } catch (err) {
          log.warn({ err, transactionId: tx.id }, 'no se pudo expirar la sesión de pago');
          throw providerUnavailable();
        }
        if (state?.paid) return applySessionState(tx, state);
        // Paid by a slow method (bank debit) but not yet collected: it must stay open.
        if (state?.status === 'complete') return tx;
      } else if (tx.providerSessionId && !provider) {
        // A session of a provider no longer configured cannot be closed from here.
        return tx;
      }
      await repo.setStatus(tx.id, ['pending'], 'expired', now);
      return (await repo.findById(tx.id)) ?? tx;
    },

    /** The caller's own transaction of `kind`; anything else is a 404, whoever owns it. */
    async own(
      userId: string,
      transactionId: string,
      kind: TransactionKind,
    ): Promise<TransactionRow> {
      const tx = await repo.findById(transactionId);
      if (!tx || tx.userId !== userId || tx.kind !== kind) {
        throw AppError.notFound(PAYMENT_MESSAGES.transactionNotFound);
      }
      return tx;
    },

    async ownBySession(
      userId: string,
      sessionId: string,
      kind: TransactionKind,
    ): Promise<TransactionRow> {
      const tx = await repo.findBySessionId(sessionId);
      if (!tx || tx.userId !== userId || tx.kind !== kind) {
        throw AppError.notFound(PAYMENT_MESSAGES.transactionNotFound);
      }
      return tx;
    },

    /** check-payment and verify-session: a pending payment is re-read from the provider (and
     * fulfilled when paid) before answering. */
    async verified(tx: TransactionRow): Promise<TTransactionResponse> {
      const fresh = await reconcile(tx);
      return {
        success: true,
        message: PAYMENT_MESSAGES.status[fresh.status],
        transaction: toTransactionView(fresh),
      };
    },
  };
}
export type CheckoutService = ReturnType<typeof createCheckoutService>;
