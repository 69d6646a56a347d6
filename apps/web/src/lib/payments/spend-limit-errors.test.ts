import { SPEND_LIMIT_TEXT } from '@magotips/contracts/spend-limit';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { errorText } from '../error-text';
import {
  offersCleanup,
  packPaymentErrorMessage,
  subscriptionPaymentErrorMessage,
} from './payment-errors';

// Decision 0113: a purchase over the monthly spend limit is a 409 SPEND_LIMIT whose Spanish text
// (with what is left) is what every purchase page shows, and never offers the cleanup button.
const refused = new ApiError(409, SPEND_LIMIT_TEXT.exceeded(15), 'SPEND_LIMIT');
const text = 'Esta compra supera tu límite mensual de gasto. Te quedan $15.00 USD este mes.';

describe('the spend limit refusal on the purchase pages', () => {
  it('is shown word for word for a pack, a plan, a gift and a plan change', () => {
    expect(packPaymentErrorMessage(refused, 'Pack', 'Stripe')).toBe(text);
    expect(subscriptionPaymentErrorMessage(refused, 'Stripe')).toBe(text);
    // The gift form and the plan change dialog read errors through errorText (CallError).
    expect(errorText(refused, 'fallback')).toBe(text);
    expect(offersCleanup(text)).toBe(false);
  });
});
