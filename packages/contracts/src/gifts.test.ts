import { describe, expect, it } from 'vitest';
import { GIFT_PURCHASE_MSG, ZGiftPaymentRequest } from './gifts';

const pack = {
  type: 'pack',
  packId: '3f0c9a4e-5b7d-4c1a-9e2f-6a8b0c1d2e3f',
  immediateAccessConsent: true,
};
const firstError = (body: unknown) => ZGiftPaymentRequest.safeParse(body).error?.issues[0]?.message;

describe('ZGiftPaymentRequest', () => {
  it('normalizes the optional recipient and message', () => {
    expect(
      ZGiftPaymentRequest.parse({
        ...pack,
        recipientEmail: ' Ana@Example.COM ',
        message: ' hola\r\nadiós ',
      }),
    ).toMatchObject({ recipientEmail: 'ana@example.com', message: 'hola\nadiós' });
    expect(
      ZGiftPaymentRequest.parse({ ...pack, recipientEmail: '', message: '   ' }),
    ).toMatchObject({
      recipientEmail: null,
      message: null,
    });
  });

  it('refuses what the form refuses, with the same Spanish texts', () => {
    expect(firstError({ ...pack, recipientEmail: 'ana@' })).toBe(
      GIFT_PURCHASE_MSG.recipientEmailInvalid,
    );
    expect(firstError({ ...pack, message: 'a'.repeat(301) })).toBe(
      GIFT_PURCHASE_MSG.messageTooLong,
    );
    expect(firstError({ ...pack, message: 'a\u0000b' })).toBe(GIFT_PURCHASE_MSG.messageControl);
    expect(firstError({ ...pack, message: 'a'.repeat(300) })).toBeUndefined();
    expect(
      firstError({ type: 'plan', planKey: 'premium', months: 0, immediateAccessConsent: true }),
    ).toBe(GIFT_PURCHASE_MSG.monthsRequired);
  });
});
