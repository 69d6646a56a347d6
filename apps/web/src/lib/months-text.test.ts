import { describe, expect, it } from 'vitest';
import { everyPeriodText, perPeriodText } from './months-text';

// Issue 12 item 14: a plan of N months is priced and renewed per N months, not per month.
describe('period wording', () => {
  it('uses Spanish singular and plural', () => {
    expect(perPeriodText(1)).toBe('/ mes');
    expect(perPeriodText(3)).toBe('/ 3 meses');
    expect(everyPeriodText(1)).toBe('cada mes');
    expect(everyPeriodText(3)).toBe('cada 3 meses');
  });
});
