import { type RefObject, useLayoutEffect } from 'react';

/**
 * Publishes an element's height as a CSS variable on <html> while it is mounted, so the page can
 * keep room for it. The sticky header and the cookie bar use it for `scroll-padding`: the browser
 * then scrolls a focused field clear of them instead of under them (WCAG 2.2, 2.4.11).
 */
export function useHeightVariable(ref: RefObject<HTMLElement | null>, variable: `--${string}`): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => {
      const value = `${Math.ceil(element.getBoundingClientRect().height)}px`;
      // A custom property on <html> restyles the whole page: only when the height really moved.
      if (root.style.getPropertyValue(variable) !== value) root.style.setProperty(variable, value);
    };
    // jsdom and very old browsers have no ResizeObserver: one measure now is then all we keep.
    if (typeof ResizeObserver === 'undefined') {
      publish();
      return () => root.style.removeProperty(variable);
    }
    // No measure here: during the first render's commit it would force the page's whole first
    // layout inside React's task (decision 0057). The observer reports every observed element
    // once after the browser's own next layout, before that frame paints, so the variable is
    // still in place before anything shows (it only feeds scroll-padding, never the layout).
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
