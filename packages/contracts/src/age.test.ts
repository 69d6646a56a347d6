import { describe, expect, it } from 'vitest';
import { ageOn, isOldEnough } from './age';

describe('age rule (21+)', () => {
  it('lets a person register on their 21st birthday, not the day before', () => {
    const birthday = new Date('2026-11-21T00:30:00Z');
    expect(isOldEnough('2005-11-21', birthday)).toBe(true);
    expect(isOldEnough('2005-11-22', birthday)).toBe(false);
  });

  it('handles leap-day births', () => {
    expect(ageOn('2004-02-29', new Date('2025-02-28T12:00:00Z'))).toBe(20);
    expect(ageOn('2004-02-29', new Date('2025-03-01T12:00:00Z'))).toBe(21);
  });

  it('rejects impossible dates', () => {
    expect(ageOn('2001-02-30', new Date())).toBeNull();
    expect(ageOn('20-01-2001', new Date())).toBeNull();
    expect(isOldEnough('', new Date())).toBe(false);
  });
});
