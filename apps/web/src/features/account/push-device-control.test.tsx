import { PUSH_MSG, type TAlertPreferencesResponse } from '@magotips/contracts/alerts';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, type ApiHandler } from '../../../test/api-double';
import { PUSH_TEXT } from './components/push-device-control';
import { alertsCard, openAccount as openAccountPage } from './testing/open-account';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';

/** A browser with service workers and push, as far as the card can tell. */
function fakeBrowser(opts: {
  permission: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
}) {
  const unsubscribe = vi.fn(async () => true);
  const made = {
    endpoint: ENDPOINT,
    unsubscribe,
    toJSON: () => ({
      endpoint: ENDPOINT,
      expirationTime: null,
      keys: { p256dh: PUBLIC_KEY, auth: 'A'.repeat(22) },
    }),
  };
  let current: typeof made | null = opts.subscribed ? made : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = made;
      return made;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => (current ? registration : undefined)),
  };
  const requestPermission = vi.fn(async () => opts.answer ?? opts.permission);
  const notification = { permission: opts.permission, requestPermission };
  requestPermission.mockImplementation(async () => {
    notification.permission = opts.answer ?? opts.permission;
    return notification.permission;
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: serviceWorker, configurable: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', notification);
  return { serviceWorker, pushManager, requestPermission, unsubscribe };
}

function prefs(
  push: { free: boolean; vip: boolean },
  vipEligible = true,
): TAlertPreferencesResponse {
  return { success: true, preferences: { email: { free: true, vip: false }, push }, vipEligible };
}

/** With the site's push key on offer unless a test says otherwise. */
const openAccount = (handlers: Record<string, ApiHandler>) =>
  openAccountPage({
    'GET /alerts/push/public-key': () => json({ success: true, publicKey: PUBLIC_KEY }),
    ...handlers,
  });
const card = alertsCard;

beforeEach(() => {
  vi.unstubAllGlobals();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('notifications on this device', () => {
  it('asks for permission only on the click, subscribes with the site key, and turns the push switches on', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'granted' });
    const { api, ui } = await openAccount({
      'GET /alerts/preferences': () => json(prefs({ free: false, vip: false })),
      'POST /alerts/push/subscriptions': () =>
        json({ success: true, message: PUSH_MSG.subscribed }, 201),
      'PUT /alerts/preferences': (body) =>
        json({ ...prefs((body as TAlertPreferencesResponse['preferences']).push), message: 'ok' }),
    });
    const activate = await within(card()).findByRole('button', { name: PUSH_TEXT.activate });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await waitFor(() => expect(activate).not.toHaveAttribute('aria-disabled'));
    await ui.click(activate);

    await within(card()).findByRole('button', { name: PUSH_TEXT.deactivate });
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const [options] = browser.pushManager.subscribe.mock.calls[0] as unknown as [
      PushSubscriptionOptionsInit,
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(api.callsTo('POST /alerts/push/subscriptions')[0]?.body).toMatchObject({
      endpoint: ENDPOINT,
    });
    await waitFor(() =>
      expect(api.callsTo('PUT /alerts/preferences')[0]?.body).toEqual({
        email: { free: true, vip: false },
        push: { free: true, vip: true },
      }),
    );
    expect(card()).toHaveTextContent(PUSH_MSG.subscribed);
    expect(
      within(card()).getByRole('switch', { name: 'Tips gratis por notificación' }),
    ).toBeChecked();
  });

  it('says how to undo a refusal instead of asking again', async () => {
    const browser = fakeBrowser({ permission: 'default', answer: 'denied' });
    const { api, ui } = await openAccount({
      'GET /alerts/preferences': () => json(prefs({ free: false, vip: false })),
    });
    const activate = await within(card()).findByRole('button', { name: PUSH_TEXT.activate });
    await waitFor(() => expect(activate).not.toHaveAttribute('aria-disabled'));
    await ui.click(activate);
    expect(await within(card()).findByText(PUSH_TEXT.denied)).toBeVisible();
    expect(browser.serviceWorker.register).not.toHaveBeenCalled();
    expect(api.callsTo('POST /alerts/push/subscriptions')).toHaveLength(0);
  });

  it('a subscribed device can be turned off here: the browser unsubscribes and the server forgets it', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const { api, ui } = await openAccount({
      'GET /alerts/preferences': () => json(prefs({ free: true, vip: false })),
      'DELETE /alerts/push/subscriptions': () =>
        json({ success: true, message: PUSH_MSG.unsubscribed }),
    });
    expect(await within(card()).findByText(PUSH_TEXT.active)).toBeVisible();
    await ui.click(within(card()).getByRole('button', { name: PUSH_TEXT.deactivate }));
    await within(card()).findByRole('button', { name: PUSH_TEXT.activate });
    expect(browser.unsubscribe).toHaveBeenCalledTimes(1);
    expect(api.callsTo('DELETE /alerts/push/subscriptions')[0]?.body).toEqual({
      endpoint: ENDPOINT,
    });
    expect(card()).toHaveTextContent(PUSH_MSG.unsubscribed);
  });

  it('says so when push is off on this site', async () => {
    fakeBrowser({ permission: 'default', answer: 'granted' });
    await openAccount({
      'GET /alerts/preferences': () => json(prefs({ free: false, vip: false })),
      'GET /alerts/push/public-key': () => apiError(404, PUSH_MSG.unavailable),
    });
    expect(await within(card()).findByText(PUSH_MSG.unavailable)).toBeVisible();
  });

  it('shows the server’s reason when the device is refused', async () => {
    fakeBrowser({ permission: 'granted' });
    const { ui } = await openAccount({
      'GET /alerts/preferences': () => json(prefs({ free: true, vip: false })),
      'POST /alerts/push/subscriptions': () => apiError(400, PUSH_MSG.serviceRefused),
    });
    const activate = await within(card()).findByRole('button', { name: PUSH_TEXT.activate });
    await waitFor(() => expect(activate).not.toHaveAttribute('aria-disabled'));
    await ui.click(activate);
    expect(await within(card()).findByText(PUSH_MSG.serviceRefused)).toBeVisible();
  });
});
