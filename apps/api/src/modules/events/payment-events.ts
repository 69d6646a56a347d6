import type { EventBus } from './event-bus';

/**
 * What payments tells the modules above it (decision 0119). Payments emits it inside the
 * fulfilment's database transaction (a first payment in fulfilIn, a renewal in renewIn), so a
 * subscriber's `within` work exists exactly when the payment does. The type lives here, below
 * payments, because referrals (which subscribes) sits floors above it and payments may not
 * import it.
 */
export type PaymentEvent = {
  /** A payment was completed: `amountCents` is what was paid (0 for a trial's checkout). */
  type: 'paymentCompleted';
  at: Date;
  transactionId: string;
  userId: string;
  amountCents: number;
};

export type PaymentEventBus = EventBus<PaymentEvent>;
