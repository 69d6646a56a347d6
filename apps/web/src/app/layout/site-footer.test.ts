import { describe, expect, it } from 'vitest';
import { copyrightLine } from './site-footer';

describe('copyrightLine', () => {
  it("runs from the brand's first year (SPEC.md: 2025) to the current one", () => {
    expect(copyrightLine(new Date('2026-11-25T10:00:00'))).toBe('© 2025–2026 MagoTips');
    expect(copyrightLine(new Date('2031-01-01T10:00:00'))).toBe('© 2025–2031 MagoTips');
  });

  it('is the spec line while it is still 2025', () => {
    expect(copyrightLine(new Date('2025-08-09T10:00:00'))).toBe('© 2025 MagoTips');
  });
});
