import type { BrowserContext, Page } from 'playwright-core';

/** Starts recording layout shifts from the very first paint of every page of `target` (a
 * context or one page; the observer is installed before any page script runs). */
export async function recordLayoutShifts(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        // As the CLS metric counts: shifts right after a tap or key press are expected.
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's cumulative layout shift so far (the sum of every unexpected shift: an upper bound
 * of the session-window CLS that Lighthouse reports). */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}
