import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { ZPackRequest } from './packs';
import { needsPriceConfirmation, parsePrice, PRICE_CONFIRM_ABOVE, ZPrice } from './price-schema';
import { ZPlanRequest } from './subscription-plans';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('parsePrice: Spanish and English decimals alike', () => {
  it.each<[string, number]>([
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['12.5', 12.5],
    ['12,5', 12.5],
    [' 12,50 ', 12.5],
    ['0,5', 0.5],
    ['12,', 12],
    ['12.', 12],
    [',5', 0.5],
    ['.99', 0.99],
    ['19', 19],
    ['0,01', 0.01],
    ['1250', 1250],
    ['1250,00', 1250],
    ['0,12', 0.12],
    ['100000', 100_000],
  ])('reads %j as %d', (text, value) => {
    expect(parsePrice(text)).toEqual({ ok: true, value });
  });

  it.each<[string, string]>([
    // Thousands separators, in either convention, or a space as Spanish groups them.
    ['1.250,00', MSG.priceThousands],
    ['1,250.00', MSG.priceThousands],
    ['1.250.000', MSG.priceThousands],
    ['1 250', MSG.priceThousands],
    ['1 250,50', MSG.priceThousands],
    // One separator then three digits: thousands in Spanish, decimals in English.
    ['1.250', MSG.priceThousands],
    ['1,250', MSG.priceThousands],
    ['12,500', MSG.priceThousands],
    // More than two decimals.
    ['0,125', MSG.priceDecimals],
    ['12,5055', MSG.priceDecimals],
    [',125', MSG.priceDecimals],
    // Not a price at all.
    ['-1', MSG.pricePositive],
    ['+5', MSG.pricePositive],
    ['abc', MSG.pricePositive],
    ['12abc', MSG.pricePositive],
    ['1e3', MSG.pricePositive],
    ['$12', MSG.pricePositive],
    [',', MSG.pricePositive],
    ['.', MSG.pricePositive],
    ['0', MSG.pricePositive],
    ['0,00', MSG.pricePositive],
    ['100000,01', MSG.pricePositive],
    ['', MSG.priceRequired],
    ['   ', MSG.priceRequired],
  ])('refuses %j: %s', (text, message) => {
    expect(parsePrice(text)).toEqual({ ok: false, message });
  });

  it('asks for confirmation above $500, unless the price is the one already saved', () => {
    expect(PRICE_CONFIRM_ABOVE).toBe(500);
    expect(needsPriceConfirmation(500)).toBe(false);
    expect(needsPriceConfirmation(500.01)).toBe(true);
    expect(needsPriceConfirmation(1250, 12.5)).toBe(true);
    expect(needsPriceConfirmation(1250, 1250)).toBe(false);
    expect(needsPriceConfirmation(12.5)).toBe(false);
  });
});

describe('ZPrice: the schema of the forms and the routes', () => {
  it('parses a typed price with the same reader', () => {
    expect(ZPrice.parse('12,50')).toBe(12.5);
    expect(ZPrice.parse('12.50')).toBe(12.5);
    expect(ZPrice.parse(12.5)).toBe(12.5);
  });

  it("gives the reader's message for text and the number rules for numbers", () => {
    expect(firstMessage(ZPrice.safeParse('1.250,00'))).toBe(MSG.priceThousands);
    expect(firstMessage(ZPrice.safeParse('abc'))).toBe(MSG.pricePositive);
    expect(firstMessage(ZPrice.safeParse(''))).toBe(MSG.priceRequired);
    expect(firstMessage(ZPrice.safeParse(undefined))).toBe(MSG.priceRequired);
    expect(firstMessage(ZPrice.safeParse(-1))).toBe(MSG.pricePositive);
    expect(firstMessage(ZPrice.safeParse(12.505))).toBe(MSG.priceDecimals);
    expect(firstMessage(ZPrice.safeParse(100_000.01))).toBe(MSG.pricePositive);
  });

  it('is the price of packs and plans', () => {
    const pack = {
      nombre: 'Pack',
      descripcion: 'x',
      tips: ['00000000-0000-4000-8000-000000000000'],
    };
    expect(ZPackRequest.parse({ ...pack, precio: '12,50' }).precio).toBe(12.5);
    expect(firstMessage(ZPackRequest.safeParse({ ...pack, precio: '1,250.00' }))).toBe(
      MSG.priceThousands,
    );
    const plan = { name: 'Plan', key: 'plan', duration: 1 };
    expect(ZPlanRequest.parse({ ...plan, price: '9,99' }).price).toBe(9.99);
    expect(firstMessage(ZPlanRequest.safeParse({ ...plan, price: '1.250,00' }))).toBe(
      MSG.priceThousands,
    );
  });
});
