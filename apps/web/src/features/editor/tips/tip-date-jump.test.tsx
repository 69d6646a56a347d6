import { describe, expect, it } from 'vitest';
import { endOfLocalDay } from './tip-date-jump';

describe('endOfLocalDay', () => {
  it("is the day's last millisecond in the editor's time zone", () => {
    expect(endOfLocalDay('2026-03-14')).toBe(new Date(2026, 2, 14, 23, 59, 59, 999).toISOString());
  });

  it('refuses what is not a calendar day', () => {
    for (const day of ['', '14/03/2026', '2026-02-30', '2026-13-01', '0999-01-01']) {
      expect(endOfLocalDay(day), day).toBeNull();
    }
  });
});
