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
    const publish = () => root.style.setProperty(variable, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    publish();
    // jsdom and very old browsers have no ResizeObserver: the first measure is then all we keep.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(variable);
    };
  }, [ref, variable]);
}
