import { vi } from 'vitest';

// Test support: a browser with service workers and Web Push, as far as the offer can tell.

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';
const KEY = `B${'A'.repeat(86)}`;

export function fakePushBrowser(opts: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  const made = {
    endpoint: ENDPOINT,
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: KEY, auth: 'A'.repeat(22) },
    }),
  };
  let current: typeof made | null = opts.subscribed ? made : null;
  const registration = {
    pushManager: {
      getSubscription: vi.fn(async () => current),
      subscribe: vi.fn(async () => {
        current = made;
        return made;
      }),
    },
  };
  const notification = { permission: opts.permission, requestPermission: vi.fn() };
  notification.requestPermission.mockImplementation(async () => {
    notification.permission = opts.answer ?? opts.permission;
    return notification.permission;
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: {
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => (current ? registration : undefined)),
    },
    configurable: true,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  return { requestPermission: notification.requestPermission };
}

export function forgetPushBrowser() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
