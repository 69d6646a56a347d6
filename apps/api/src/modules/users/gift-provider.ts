/** The provider name of what a gift code gives: zero-amount transactions no payment provider
 * knows of, so the verification panel (which compares one provider's rows) never counts them,
 * and subscriptions nothing renews (decision 0047). */
export const GIFT_PROVIDER = 'gift';
