import { ApiError } from '../api-error';
import { checkPayment } from './api/check-payment';
import { cleanPendingTransactions } from './api/clean-pending-transactions';
import {
  forgetTransactionId,
  readTransactionId,
  type PurchaseKind,
} from './transaction-storage';

/** Statuses after which a payment can no longer move: its stored id no longer blocks anything. */
const FINISHED_STATUSES: ReadonlySet<string> = new Set([
  'completed',
  'failed',
  'cancelled',
  'expired',
  'refunded',
]);

type Verdict = 'none' | 'settled' | 'pending' | 'unknown';

function forgetIfStill(kind: PurchaseKind, transactionId: string): void {
  // A newer payment may have been stored while the check ran; that one is not the stale one.
  if (readTransactionId(kind) === transactionId) forgetTransactionId(kind);
}

async function settleOne(kind: PurchaseKind): Promise<{ verdict: Verdict; id: string | null }> {
  const id = readTransactionId(kind);
  if (!id) return { verdict: 'none', id };
  try {
    const answer = await checkPayment(kind, id);
    const status = answer.transaction?.status;
    if (answer.success && status === 'pending') return { verdict: 'pending', id };
    if (answer.success && status && FINISHED_STATUSES.has(status)) {
      forgetIfStill(kind, id);
      return { verdict: 'settled', id };
    }
    return { verdict: 'unknown', id };
  } catch (error) {
    // Not this user's payment (another account used this browser), unknown, or an id the
    // server cannot even read: nothing will ever complete under it.
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
      forgetIfStill(kind, id);
      return { verdict: 'settled', id };
    }
    // Offline or a server hiccup says nothing about the payment: keep the id for next time.
    return { verdict: 'unknown', id };
  }
}

async function run(): Promise<void> {
  const [pack, subscription] = await Promise.all([settleOne('pack'), settleOne('subscription')]);
  if (pack.verdict !== 'pending' && subscription.verdict !== 'pending') return;
  // SPEC.md §4: a payment left pending (a checkout abandoned with Back, a closed tab) is closed
  // by the silent cleanup, which on success frees both stored ids.
  try {
    const answer = await cleanPendingTransactions();
    if (!answer.success) return;
    if (pack.id) forgetIfStill('pack', pack.id);
    if (subscription.id) forgetIfStill('subscription', subscription.id);
  } catch {
    // Silent by definition: the purchase page still blocks a second pack purchase, and the
    // next session start tries again.
  }
}

let inflight: Promise<void> | null = null;

/**
 * Checks every stored transaction id against the server (SPEC.md §4 "stale stored transaction
 * ids"): finished or unknown payments are forgotten; payments still pending are cleaned up.
 * Never throws. Calls made while one is running share it (the session start-up check, the
 * purchase page and the cancel page may all ask at once).
 */
export function settleStoredTransactions(): Promise<void> {
  if (!inflight) {
    inflight = run().finally(() => {
      inflight = null;
    });
  }
  return inflight;
}
