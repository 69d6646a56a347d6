import { describe, expect, it } from 'vitest';
import {
  receiptEmail,
  renewalFailedEmail,
  subscriptionEndedEmail,
  upcomingChargeEmail,
} from './payment-emails';

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
    [
      'subscription ended',
      subscriptionEndedEmail({
        firstName: BAIT,
        planName: 'Plan',
        plansUrl: 'https://magotips.test/subscription',
        supportEmail: 'soporte@magotips.test',
      }),
    ],
    [
      'upcoming charge',
      upcomingChargeEmail({
        firstName: BAIT,
        planName: 'Plan',
        amount: 99,
        at: new Date('2027-01-08T12:00:00Z'),
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

describe('failed renewals and notices (decision 0095)', () => {
  it('names the next attempt and the card update in the failure, the way back in the end', () => {
    const failed = renewalFailedEmail({
      firstName: 'Ana',
      planName: 'Plan Premium',
      amount: 19.99,
      nextAttempt: new Date('2026-07-04T13:00:00Z'),
      panelUrl: 'https://magotips.test/panel/cuenta',
      supportEmail: 'ayuda@magotips.test',
    });
    expect(failed.text).toContain('Volveremos a intentarlo el 4 de julio de 2026');
    expect(failed.text).toContain('Actualizar tu tarjeta: https://magotips.test/panel/cuenta');
    expect(failed.html).toContain('Actualizar mi tarjeta');
    const ended = subscriptionEndedEmail({
      firstName: 'Ana',
      planName: 'Plan Premium',
      plansUrl: 'https://magotips.test/subscription',
      supportEmail: 'ayuda@magotips.test',
    });
    expect(ended.subject).toBe('Tu suscripción a MagoTips ha terminado');
    expect(ended.text).toContain('Volver a suscribirte: https://magotips.test/subscription');
    const upcoming = upcomingChargeEmail({
      firstName: 'Ana',
      planName: 'Plan Anual',
      amount: 179.99,
      at: new Date('2027-01-08T12:00:00Z'),
      panelUrl: 'https://magotips.test/panel/cuenta',
      supportEmail: 'ayuda@magotips.test',
    });
    expect(upcoming.subject).toBe('Próximo cobro: $179.99 USD el 8 de enero de 2027 · MagoTips');
  });

  it('names a plan whose name is not "Plan …" as «plan «name»» in a sentence (decision 0097)', () => {
    const common = { firstName: 'Ana', planName: 'Todos los tips VIP', supportEmail: 'a@b.test' };
    const failed = renewalFailedEmail({ ...common, amount: 19.99, panelUrl: 'https://x.test/p' });
    expect(failed.text).toContain('por la renovación de tu plan «Todos los tips VIP».');
    const ended = subscriptionEndedEmail({ ...common, plansUrl: 'https://x.test/s' });
    expect(ended.text).toContain('la renovación de tu plan «Todos los tips VIP» no se completó');
    const upcoming = upcomingChargeEmail({
      ...common,
      amount: 179.99,
      at: new Date('2027-01-08T12:00:00Z'),
      panelUrl: 'https://x.test/p',
    });
    expect(upcoming.text).toContain('Tu plan «Todos los tips VIP» se renovará automáticamente.');
  });
});
