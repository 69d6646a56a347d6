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
        paidFor: 'Hemos recibido tu pago de $9.99 USD por el pack «Pack».',
        transactionId: 't1',
        endDate: null,
        isRenewal: false,
        panelUrl: 'https://magotips.test/panel',
        supportEmail: 'soporte@magotips.test',
      }),
    ],
    [
      'renewal failed',
      renewalFailedEmail({
        firstName: BAIT,
        planName: 'Plan',
        amount: 9.99,
        panelUrl: 'https://magotips.test/panel',
        supportEmail: 'soporte@magotips.test',
      }),
    ],
  ])('%s', (_kind, mail) => {
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('https://evil');
    }
  });
});

describe('where to write', () => {
  it('names the support address (SUPPORT_EMAIL) in the receipt and the failed renewal', () => {
    const receipt = receiptEmail({
      firstName: 'Ana',
      paidFor: 'Hemos recibido tu pago de $19.99 USD por el Plan Premium.',
      transactionId: 't2',
      endDate: null,
      isRenewal: false,
      panelUrl: 'https://magotips.test/panel',
      supportEmail: 'ayuda@magotips.test',
    });
    const failed = renewalFailedEmail({
      firstName: 'Ana',
      planName: 'Plan',
      amount: null,
      panelUrl: 'https://magotips.test/panel',
      supportEmail: 'ayuda@magotips.test',
    });
    for (const mail of [receipt, failed]) {
      expect(mail.text).toContain('ayuda@magotips.test');
      expect(mail.html).toContain('ayuda@magotips.test');
    }
  });
});
