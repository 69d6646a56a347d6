// MagoTips service worker: only Web Push (issue 15). No caching of pages or API answers: the
// site must never show a stale paywall or a stale tip.
/* global self, clients */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(clients.claim());
});

/** The payload the server sends (contracts/alerts.ts PushPayload); a broken one still says
 * something rather than nothing. */
function readPayload(event) {
  try {
    const data = event.data ? event.data.json() : {};
    return {
      title: typeof data.title === 'string' ? data.title : 'MagoTips',
      body: typeof data.body === 'string' ? data.body : 'Hay un tip nuevo.',
      url: typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
    };
  } catch {
    return { title: 'MagoTips', body: 'Hay un tip nuevo.', url: '/', tag: undefined };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: '/favicon.svg',
      lang: 'es',
      tag: payload.tag,
      data: { url: payload.url },
    }),
  );
});

// Opens the tip in a tab of the site that is already open, or a new one. Only paths of this
// site: a notification can't send anyone elsewhere.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && event.notification.data.url;
  const target = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target);
      if (open) return open.focus();
      const any = windows.find((w) => new URL(w.url).origin === self.location.origin && 'navigate' in w);
      if (any) return any.navigate(target).then((w) => (w ? w.focus() : clients.openWindow(target)));
      return clients.openWindow(target);
    }),
  );
});
