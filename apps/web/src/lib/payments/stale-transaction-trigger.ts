import { hasStoredTransactionIds } from './transaction-storage';

/** Where the provider sends the buyer back; see below. */
export const PAYMENT_RESULT_PATH = '/payment/success';

/**
 * Runs the stale transaction-id check after the session start-up check (registered with
 * onSessionVerified). Tiny on purpose: it sits in the landing's entry bundle, and the check
 * itself loads only when the browser holds an id, which most visits do not.
 */
export function settleStoredTransactionsInBackground(): void {
  if (!hasStoredTransactionIds()) return;
  // The result page verifies its own payment. A cleanup racing it could close a payment the
  // provider has taken but not yet reported, and would drop the id the page is about to read.
  if (window.location.pathname === PAYMENT_RESULT_PATH) return;
  void import('./stale-transactions')
    .then(({ settleStoredTransactions }) => settleStoredTransactions())
    .catch(() => {
      // A chunk that fails to load (a deploy replaced it) waits for the next session start.
    });
}
