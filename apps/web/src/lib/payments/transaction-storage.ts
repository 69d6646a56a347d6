import { readStored, removeStored, writeStored } from '../storage';

// SPEC.md §3 "Stored in the browser": the payment in progress, one id per purchase type. The
// contract's LAST_*_TRANSACTION_KEY, restated because contracts/payments.ts carries Zod and this
// module is reached from the landing's entry bundle (the session start-up check);
// transaction-storage.test.ts pins the two together.
export const PACK_TRANSACTION_KEY = 'lastPackTransactionId';
export const SUBSCRIPTION_TRANSACTION_KEY = 'lastSubscriptionTransactionId';

export type PurchaseKind = 'pack' | 'subscription';

const KEYS: Record<PurchaseKind, string> = {
  pack: PACK_TRANSACTION_KEY,
  subscription: SUBSCRIPTION_TRANSACTION_KEY,
};

export function readTransactionId(kind: PurchaseKind): string | null {
  return readStored(KEYS[kind]) || null;
}

export function storeTransactionId(kind: PurchaseKind, transactionId: string): void {
  writeStored(KEYS[kind], transactionId);
}

export function forgetTransactionId(kind: PurchaseKind): void {
  removeStored(KEYS[kind]);
}

export function forgetAllTransactionIds(): void {
  removeStored(PACK_TRANSACTION_KEY);
  removeStored(SUBSCRIPTION_TRANSACTION_KEY);
}

export function hasStoredTransactionIds(): boolean {
  return readTransactionId('pack') !== null || readTransactionId('subscription') !== null;
}
