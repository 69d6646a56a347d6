import { responsiblePlayLine } from '@magotips/contracts/help-resources';
import { describe, expect, it } from 'vitest';
import {
  receiptEmail,
  renewalFailedEmail,
  subscriptionEndedEmail,
  upcomingChargeEmail,
} from './payment-emails';

const SPAIN = { country: 'ES', timeZone: 'Europe/Madrid' } as const;

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
        reader: SPAIN,
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
        reader: SPAIN,
      }),
    ],
    [
      'subscription ended',
      subscriptionEndedEmail({
        firstName: BAIT,
        planName: 'Plan',
        plansUrl: 'https://magotips.test/subscription',
        supportEmail: 'soporte@magotips.test',
        reader: SPAIN,
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
        reader: SPAIN,
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
      reader: SPAIN,
    });
    const failed = renewalFailedEmail({
      firstName: 'Ana',
      planName: 'Plan',
      amount: null,
      panelUrl: 'https://magotips.test/panel',
      supportEmail: 'ayuda@magotips.test',
      reader: SPAIN,
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
      reader: SPAIN,
    });
    expect(failed.text).toContain('Volveremos a intentarlo el 4 de julio de 2026');
    expect(failed.text).toContain('Actualizar tu tarjeta: https://magotips.test/panel/cuenta');
    expect(failed.html).toContain('Actualizar mi tarjeta');
    const ended = subscriptionEndedEmail({
      firstName: 'Ana',
      planName: 'Plan Premium',
      plansUrl: 'https://magotips.test/subscription',
      supportEmail: 'ayuda@magotips.test',
      reader: SPAIN,
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
      reader: SPAIN,
    });
    expect(upcoming.subject).toBe('Próximo cobro: $179.99 USD el 8 de enero de 2027 · MagoTips');
  });

  it('names a plan whose name is not "Plan …" as «plan «name»» in a sentence (decision 0097)', () => {
    const common = {
      firstName: 'Ana',
      planName: 'Todos los tips VIP',
      supportEmail: 'a@b.test',
      reader: SPAIN,
    };
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

describe("the reader's calendar and help line (issue 32, decisions 0114 and 0115)", () => {
  it("writes the day as it is where the reader lives, and their country's help in the footer", () => {
    // 02:00 UTC on 9 January is still 8 January in Mexico City.
    const at = new Date('2027-01-09T02:00:00Z');
    const base = {
      firstName: 'Ana',
      planName: 'Plan Anual',
      amount: 179.99,
      at,
      panelUrl: 'https://magotips.test/panel/cuenta',
      supportEmail: 'ayuda@magotips.test',
    };
    const mx = upcomingChargeEmail({
      ...base,
      reader: { country: 'MX', timeZone: 'America/Mexico_City' },
    });
    expect(mx.subject).toContain('el 8 de enero de 2027');
    expect(mx.text).toContain(responsiblePlayLine('MX'));
    expect(mx.html).toContain('Línea de la Vida');
    const es = upcomingChargeEmail({ ...base, reader: SPAIN });
    expect(es.subject).toContain('el 9 de enero de 2027');
    expect(es.text).toContain(responsiblePlayLine('ES'));
  });
});
