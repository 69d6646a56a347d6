import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup; each test
// also starts with empty storage because the disclaimer, cookie and session state live there.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
