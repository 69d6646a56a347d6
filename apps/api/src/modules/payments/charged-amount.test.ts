import { describe, expect, it } from 'vitest';
import { acceptCharged, type Charged } from './charged-amount';

const charged = (over: Partial<Charged>): Charged => ({
  totalCents: 1999,
  currency: 'usd',
  subtotalCents: 1999,
  discountCents: 0,
  discountNamed: false,
  promotionCode: null,
  ...over,
});
const discounted = (over: Partial<Charged> = {}) =>
  charged({
    totalCents: 1799,
    discountCents: 200,
    discountNamed: true,
    promotionCode: 'MAGO10',
    ...over,
  });

describe('acceptCharged', () => {
  it('keeps the price when the provider said nothing', () => {
    expect(acceptCharged(1999, 'USD', null)).toEqual({
      paidCents: 1999,
      discountCents: null,
      promotionCode: null,
    });
  });

  it('accepts the price, or more, without a discount', () => {
    expect(acceptCharged(1999, 'USD', charged({}))?.paidCents).toBe(1999);
    expect(acceptCharged(1999, 'USD', charged({ totalCents: 2099 }))?.paidCents).toBe(2099);
  });

  it('accepts a lower total only when a named discount explains it to the cent', () => {
    expect(acceptCharged(1999, 'USD', discounted())).toEqual({
      paidCents: 1799,
      discountCents: 200,
      promotionCode: 'MAGO10',
    });
    expect(acceptCharged(1999, 'USD', discounted({ totalCents: 0, discountCents: 1999 }))).toEqual({
      paidCents: 0,
      discountCents: 1999,
      promotionCode: 'MAGO10',
    });
  });

  it.each([
    ['no discount', charged({ totalCents: 1799 })],
    ['a discount one cent short', discounted({ discountCents: 199 })],
    ['a discount of another price', discounted({ subtotalCents: 1899, totalCents: 1699 })],
    ['an unknown subtotal', discounted({ subtotalCents: null })],
    ['a discount nobody names', discounted({ discountNamed: false })],
    ['a negative total', discounted({ totalCents: -1, discountCents: 2000 })],
    ['another currency', charged({ currency: 'eur' })],
  ])('refuses %s', (_what, facts) => {
    expect(acceptCharged(1999, 'USD', facts)).toBeNull();
  });
});
