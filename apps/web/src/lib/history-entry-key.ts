/**
 * Gives the history entry the app was opened on a key of its own, before the router starts.
 *
 * React Router keys every entry it creates, but the one a page is opened on (typed URL, link from
 * another site, e-mail) has no key and reads as "default". ScrollRestoration stores positions by
 * key in sessionStorage, so every page opened by URL in a tab shared the scroll position of the
 * previous one (issue 13 item 10). The browser keeps history.state per entry across reloads and
 * back/forward, so a key written here makes a freshly opened page start at the top while a
 * reload or a return to it still restores its own position.
 */
export function keyInitialHistoryEntry(history: Pick<History, 'state' | 'replaceState'> = window.history): void {
  const state: unknown = history.state;
  const current = state !== null && typeof state === 'object' ? (state as Record<string, unknown>) : {};
  if (typeof current.key === 'string' && current.key !== '') return;
  // The router's own shape for an entry ({ usr, key, idx }); it fills in idx when missing.
  history.replaceState({ usr: null, ...current, key: Math.random().toString(36).slice(2, 10) }, '');
}
