import { describe, expect, it } from 'vitest';
import { giftBuyerEmail, giftRecipientEmail } from './gift-emails';
import { purchaseGiftCode } from './gift-purchase-code';

const CODE = 'MAGO-0000-1111-2222-3333';
const URL = `https://magotips.test/panel/cuenta?regalo=${CODE}`;

describe('gift e-mails', () => {
  it("shows the recipient the buyer's message as text only, and no link hidden in a name", () => {
    const mail = giftRecipientEmail({
      buyerName: 'Ana <script> https://evil.example',
      what: { type: 'pack', itemName: 'Pack <b>', months: null },
      message: '<img src=x onerror=alert(1)>\nabrazo',
      code: CODE,
      redeemUrl: URL,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toMatch(
      /<blockquote[^>]*>&lt;img src=x onerror=alert\(1\)&gt;<br>abrazo<\/blockquote>/,
    );
    expect(mail.html).toContain('Mensaje de quien te lo regala:');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.text).toContain(
      'Mensaje de quien te lo regala:\n> <img src=x onerror=alert(1)>\n> abrazo\nEste mensaje lo ha escrito quien te hace el regalo, no MagoTips.',
    );
    // Letters only in the body: no dot, colon or slash survives, so nothing can become a link.
    expect(mail.text).toContain('Ana script httpsevilexample te regala');
    // Nothing the buyer typed is in the subject (issue 29, item 2).
    expect(mail.subject).toBe('Tienes un regalo en MagoTips');
    expect(mail.text).toContain(URL);
    expect(mail.text).toContain(`Tu código de regalo: ${CODE}`);
  });

  it('has no quotation without a message, and says the months of a plan', () => {
    const mail = giftRecipientEmail({
      buyerName: 'Ana',
      what: { type: 'plan', itemName: 'Plan Premium', months: 6 },
      message: null,
      code: CODE,
      redeemUrl: URL,
    });
    expect(mail.html).not.toContain('<blockquote');
    expect(mail.text).not.toContain('Mensaje de quien te lo regala');
    expect(mail.text).toContain('Ana te regala el Plan Premium durante 6 meses');
    expect(mail.subject).toBe('Tienes un regalo en MagoTips');
  });

  it('tells the buyer the code, what it gives and that it went nowhere else without a recipient', () => {
    const mail = giftBuyerEmail({
      firstName: 'Gabriela',
      what: { type: 'plan', itemName: 'Plan Premium', months: 3 },
      code: CODE,
      redeemUrl: URL,
      recipientEmail: null,
      withMessage: false,
      amount: 19.99,
      transactionId: 'tx-1',
      supportEmail: 'soporte@magotips.test',
      country: 'ES' as const,
    });
    expect(mail.text).toContain('el Plan Premium durante 3 meses');
    expect(mail.text).toContain(`Código de regalo: ${CODE}`);
    expect(mail.text).toContain('Dáselo a quien quieras');
    expect(mail.text).toContain('tx-1');
  });

  it('mentions the message only when there was one', () => {
    const base = {
      firstName: 'Gabriela',
      what: { type: 'pack' as const, itemName: 'Pack', months: null },
      code: CODE,
      redeemUrl: URL,
      recipientEmail: 'amiga@example.com',
      amount: 9.99,
      transactionId: 'tx-2',
      supportEmail: 'soporte@magotips.test',
      country: 'ES' as const,
    };
    expect(giftBuyerEmail({ ...base, withMessage: false }).text).toContain(
      'Hemos enviado el código a amiga@example.com.',
    );
    expect(giftBuyerEmail({ ...base, withMessage: true }).text).toContain(
      'Hemos enviado el código y tu mensaje a amiga@example.com.',
    );
  });
});

describe('purchaseGiftCode', () => {
  it('derives the same code for a transaction and another for another, in the usual format', () => {
    const a = purchaseGiftCode('s'.repeat(48), '11111111-1111-4111-8111-111111111111');
    const b = purchaseGiftCode('s'.repeat(48), '22222222-2222-4222-8222-222222222222');
    expect(a).toEqual(purchaseGiftCode('s'.repeat(48), '11111111-1111-4111-8111-111111111111'));
    expect(a.plain).not.toBe(b.plain);
    expect(a.plain).toMatch(/^MAGO(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
    expect(purchaseGiftCode('t'.repeat(48), '11111111-1111-4111-8111-111111111111').plain).not.toBe(
      a.plain,
    );
  });
});
