import { describe, expect, it } from 'vitest';
import { GIFT_PURCHASE_MSG, giftPlanPriceCents, ZGiftPaymentRequest } from './gifts';

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
  });

  it('refuses a message with a link, with its own Spanish text', () => {
    expect(GIFT_PURCHASE_MSG.messageLink).toBe('El mensaje no puede contener enlaces');
    for (const message of ['mira https://x.example', 'www.regalo', 'ejemplo.es/x', 'a@b.co']) {
      expect(firstError({ ...pack, message }), message).toBe(GIFT_PURCHASE_MSG.messageLink);
    }
    expect(firstError({ ...pack, message: '¡Feliz cumple! Disfrútalo.' })).toBeUndefined();
  });

  it('takes a plan for 1 to 12 whole months', () => {
    const plan = (months: unknown) =>
      firstError({ type: 'plan', planKey: 'premium', months, immediateAccessConsent: true });
    for (const months of [1, 3, 12]) expect(plan(months), String(months)).toBeUndefined();
    for (const months of [0, 13, 24, 1.5, '3', null]) {
      expect(plan(months), String(months)).toBe(GIFT_PURCHASE_MSG.monthsRequired);
    }
    expect(GIFT_PURCHASE_MSG.monthsRequired).toBe(
      'Los meses del regalo deben ser un número entero entre 1 y 12',
    );
  });
});

describe('giftPlanPriceCents', () => {
  it("is the plan's monthly price times the months, its own months costing its price", () => {
    expect(giftPlanPriceCents({ priceCents: 1999, durationMonths: 1 }, 3)).toBe(5997);
    expect(giftPlanPriceCents({ priceCents: 1999, durationMonths: 1 }, 12)).toBe(23988);
    expect(giftPlanPriceCents({ priceCents: 4999, durationMonths: 3 }, 3)).toBe(4999);
    expect(giftPlanPriceCents({ priceCents: 4999, durationMonths: 3 }, 1)).toBe(1666);
    expect(giftPlanPriceCents({ priceCents: 10000, durationMonths: 12 }, 12)).toBe(10000);
  });
});
