import type { PaymentMethod } from '@magotips/contracts/payments';
import type { TAvailablePack } from '@magotips/contracts/packs';
import type { TPlan } from '@magotips/contracts/subscription-plans';

// What a page hands /purchase in the navigation state (SPEC.md §2 Purchase page): the pack card
// and a locked tip send a pack, the subscription page a plan. The purchase page reads it back
// without trusting it (features/purchase/purchase-state.ts).

export type PackPurchaseState = { item: TAvailablePack; type: 'pack' };

export type SubscriptionPurchaseState = {
  item: TPlan;
  type: 'subscription';
  recurring: boolean;
  paymentMethod: PaymentMethod;
};
