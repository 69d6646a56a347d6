import { describe, expect, it } from 'vitest';
import {
  formatPendingFrom,
  parseSpendLimit,
  SPEND_LIMIT_TEXT,
  ZSpendLimitBody,
} from './spend-limit';

describe('parseSpendLimit (decision 0113)', () => {
  it.each([
    ['12,50', 12.5],
    ['12.50', 12.5],
    [' 50 ', 50],
    ['10000', 10_000],
  ])('reads %s as %s', (text, value) => {
    expect(parseSpendLimit(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['', SPEND_LIMIT_TEXT.required],
    ['0', SPEND_LIMIT_TEXT.positive],
    ['-3', SPEND_LIMIT_TEXT.positive],
    ['12,5055', SPEND_LIMIT_TEXT.decimals],
    ['1.234,56', SPEND_LIMIT_TEXT.thousands],
    ['10000,01', SPEND_LIMIT_TEXT.tooHigh],
    ['250000', SPEND_LIMIT_TEXT.tooHigh],
  ])('refuses %j with its own words', (text, message) => {
    expect(parseSpendLimit(text)).toEqual({ ok: false, message });
  });

  it('takes null to remove, and a number or a text to set', () => {
    expect(ZSpendLimitBody.parse({ monthlyLimit: null })).toEqual({ monthlyLimit: null });
    expect(ZSpendLimitBody.parse({ monthlyLimit: '7,25' })).toEqual({ monthlyLimit: 7.25 });
    expect(ZSpendLimitBody.safeParse({}).error?.issues[0]?.message).toBe(SPEND_LIMIT_TEXT.required);
  });

  it('dates a pending loosening in UTC, the same on every ICU', () => {
    expect(formatPendingFrom('2026-12-05T04:07:00.000Z')).toBe(
      '5 de diciembre de 2026 a las 04:07 UTC',
    );
  });
});
