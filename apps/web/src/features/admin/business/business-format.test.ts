import { describe, expect, it } from 'vitest';
import { changeOf, formatAmount, formatMonth, formatPct } from './business-format';
import { quickPeriod } from './business-period';

describe('business formats', () => {
  it('writes money and percentages in Spanish', () => {
    expect(formatAmount(1234.56)).toBe('$1.234,56 USD');
    expect(formatAmount(-5)).toBe('-$5,00 USD');
    expect(formatAmount(null)).toBe('—');
    expect(formatPct(4.25)).toBe('4,25\u00a0%');
    expect(formatPct(50)).toBe('50,0\u00a0%');
    expect(formatPct(null)).toBe('—');
    expect(formatMonth('2026-02')).toBe('feb 2026');
  });

  it('tells the change in words, ignoring floating-point dust', () => {
    expect(changeOf('money', 10.3, 10.1)).toEqual({ direction: 'up', text: '▲ sube $0,20 USD' });
    expect(changeOf('count', 3, 5)).toEqual({ direction: 'down', text: '▼ baja 2' });
    expect(changeOf('pct', 11, 10)).toEqual({ direction: 'up', text: '▲ sube 1,0 punto' });
    expect(changeOf('pct', 0.1 + 0.2, 0.3)).toEqual({ direction: 'same', text: '= sin cambios' });
    expect(changeOf('pct', null, 10).direction).toBe('none');
  });

  it('counts the quick periods in whole UTC days, both ends included', () => {
    const now = new Date('2026-03-01T23:30:00.000Z');
    expect(quickPeriod('last30', now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(quickPeriod('last90', now)).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(quickPeriod('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-03-01' });
  });
});
