import { describe, expect, it } from 'vitest';
import { formatCount, formatOdds, formatPercent, formatUnits } from './format-track-record';

describe('track record formats', () => {
  it('writes units signed, in Spanish', () => {
    expect(formatUnits(38.5)).toBe('+38,5 u');
    expect(formatUnits(-2)).toMatch(/^[-−]2 u$/);
    expect(formatUnits(0)).toBe('0 u');
    expect(formatUnits(1234.56)).toMatch(/^\+1\.?234,56 u$/);
  });
  it('writes ratios as percentages with one decimal', () => {
    expect(formatPercent(0.072).replace(/\s/g, ' ')).toBe('7,2 %');
    expect(formatPercent(0.125).replace(/\s/g, ' ')).toBe('12,5 %');
    expect(formatPercent(null)).toBe('—');
  });
  it('writes odds with two decimals and counts grouped', () => {
    expect(formatOdds(1.85)).toBe('1,85');
    expect(formatOdds(2)).toBe('2,00');
    expect(formatCount(412)).toBe('412');
  });
});
