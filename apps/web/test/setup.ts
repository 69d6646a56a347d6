import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their chunk on first render; on a busy 2-core CI machine that can take
// longer than Testing Library's 1 s default for findBy/waitFor.
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup; each test
// also starts with empty storage because the disclaimer, cookie and session state live there.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
// Nor scrollIntoView, which a save's result uses to come into view (tests spy on it).
Element.prototype.scrollIntoView = function scrollIntoView() {};
