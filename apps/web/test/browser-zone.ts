import { vi } from 'vitest';

/** The browser's zone as Intl reports it (lib/reader-zone.ts reads it): a visitor's times and
 * help, and sign-up's defaults, follow it. Undone by vitest's restoreMocks after each test. */
export function stubBrowserZone(timeZone: string) {
  const original = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone };
  });
}
