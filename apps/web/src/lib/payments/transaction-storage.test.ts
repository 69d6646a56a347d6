import { LAST_PACK_TRANSACTION_KEY, LAST_SUBSCRIPTION_TRANSACTION_KEY, PAYMENT_METHODS } from '@magotips/contracts/payments';
import { MSG } from '@magotips/contracts/messages';
import { describe, expect, it } from 'vitest';
import { comingSoonMessage, PAYMENT_METHOD_OPTIONS } from './payment-methods';
import {
  forgetAllTransactionIds,
  forgetTransactionId,
  hasStoredTransactionIds,
  PACK_TRANSACTION_KEY,
  readTransactionId,
  storeTransactionId,
  SUBSCRIPTION_TRANSACTION_KEY,
} from './transaction-storage';

describe('stored transaction ids', () => {
  it('uses the contract keys (SPEC.md §3 "Stored in the browser")', () => {
    expect(PACK_TRANSACTION_KEY).toBe(LAST_PACK_TRANSACTION_KEY);
    expect(SUBSCRIPTION_TRANSACTION_KEY).toBe(LAST_SUBSCRIPTION_TRANSACTION_KEY);
    expect(PACK_TRANSACTION_KEY).toBe('lastPackTransactionId');
    expect(SUBSCRIPTION_TRANSACTION_KEY).toBe('lastSubscriptionTransactionId');
  });

  it('stores, reads and forgets one id per purchase type', () => {
    expect(hasStoredTransactionIds()).toBe(false);
    storeTransactionId('pack', 'p-1');
    storeTransactionId('subscription', 's-1');
    expect(window.localStorage.getItem('lastPackTransactionId')).toBe('p-1');
    expect(readTransactionId('subscription')).toBe('s-1');

    forgetTransactionId('pack');
    expect(readTransactionId('pack')).toBeNull();
    expect(hasStoredTransactionIds()).toBe(true);
    forgetAllTransactionIds();
    expect(hasStoredTransactionIds()).toBe(false);
  });
});

describe('payment methods', () => {
  it('lists the contract methods: the card provider enabled, the other two coming soon', () => {
    expect(PAYMENT_METHOD_OPTIONS.map((option) => option.id)).toEqual([...PAYMENT_METHODS]);
    expect(PAYMENT_METHOD_OPTIONS.filter((option) => option.available).map((o) => o.id)).toEqual([
      'stripe',
    ]);
  });

  it("words the coming-soon message as SPEC.md §5 does for PayPal", () => {
    expect(comingSoonMessage('PayPal')).toBe(MSG.paypalSoon);
    expect(comingSoonMessage('Mercado Pago')).toBe(
      'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
    );
  });
});
