import { MSG } from '@magotips/contracts/messages';
import { PAYMENT_MESSAGES } from '@magotips/contracts/payments';
import { z } from 'zod';

/** `{transactionId}` of check-payment: a malformed id is a Spanish 400, never a 500. */
export const ZTransactionParams = z.object({ transactionId: z.uuid({ error: MSG.invalidId }) });

/** `{sessionId}` of verify-session: Stripe's cs_… and the simulated sim_cs_… ids. */
export const ZSessionIdParams = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, PAYMENT_MESSAGES.sessionInvalid),
});
