/** The provider name of what a gift code gives: zero-amount transactions no payment provider
 * knows of, so the verification panel (which compares one provider's rows) never counts them,
 * and subscriptions nothing renews (decision 0047). It lives with the users because the account's
 * subscription source reads it, and gift codes (which write it) sit floors above (decision 0063). */
export const GIFT_PROVIDER = 'gift';
