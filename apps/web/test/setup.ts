import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their chunk on first render; on a busy 2-core CI machine that can take
// longer than Testing Library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// A test file that runs in Node (`@vitest-environment node`: the landing rendered at build time)
// has no DOM to prepare.
const hasDom = typeof window !== 'undefined';

// Vitest runs without globals, so Testing Library cannot register its own cleanup; each test
// also starts with empty storage because the disclaimer, cookie and session state live there.
afterEach(() => {
  if (!hasDom) return;
  cleanup();
  window.localStorage.clear();
});

if (hasDom) {
  // jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
  window.scrollTo = () => {};
  // Nor scrollIntoView, which a save's result uses to come into view (tests spy on it).
  Element.prototype.scrollIntoView = function scrollIntoView() {};
}
