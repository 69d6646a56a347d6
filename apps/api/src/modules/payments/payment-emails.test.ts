import { describe, expect, it } from 'vitest';
import { receiptEmail, renewalFailedEmail } from './payment-emails';

// A buyer's name is their own sign-up text: it must not turn into a link in our e-mails.
const BAIT = 'Cuenta bloqueada, entra en https://evil.example/x';

describe('names in payment e-mails', () => {
  it.each([
    [
      'receipt',
      receiptEmail({
        firstName: BAIT,
        kind: 'pack',
        itemName: 'Pack',
        amount: 9.99,
        transactionId: 't1',
        endDate: null,
        isRenewal: false,
        panelUrl: 'https://magotips.test/panel',
      }),
    ],
    ['renewal failed', renewalFailedEmail({ firstName: BAIT, planName: 'Plan', amount: 9.99, panelUrl: 'https://magotips.test/panel' })],
  ])('%s', (_kind, mail) => {
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('https://evil');
    }
  });
});
