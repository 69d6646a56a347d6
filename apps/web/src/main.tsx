import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { preloadPages, routes } from './app/routes';
import { keyInitialHistoryEntry } from './lib/history-entry-key';
import './styles/tokens.css';
import './styles/base.css';

// How long the first render waits for the opened page's chunk (see below).
const PAGE_WAIT_MS = 3000;

function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html must contain #root');
  // Before the router reads it: a page opened by URL must not inherit another's scroll.
  keyInitialHistoryEntry();
  const router = createBrowserRouter(routes);
  const root = createRoot(container);
  // As a transition React renders the first page in slices of a few milliseconds, yielding to
  // the browser in between, instead of one long task that would hold off the first taps.
  const render = () =>
    startTransition(() =>
      root.render(
        <StrictMode>
          <AppProviders>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );

  // The opened page's own chunk comes first (the server lists it in the HTML as a
  // modulepreload), so the page paints whole rather than as "Cargando..." with the footer
  // jumping down after it. A slow or failed download does not hold the app back: the shell's
  // fallback or error screen takes over as before.
  void Promise.race([
    preloadPages(window.location.pathname),
    new Promise((resolve) => window.setTimeout(resolve, PAGE_WAIT_MS)),
  ]).then(render, render);
}

// Started in a task of its own: evaluating the bundle and booting the app are two shorter
// tasks rather than one long one.
window.setTimeout(start, 0);
