import type { TAlertPreferencesResponse } from '@magotips/contracts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../../../test/fake-api';
import { renderWithApp, storeSession } from '../../../test/utils';
import { AlertsOffer } from './alerts-offer';
import { OFFER_TEXT } from './alerts-offer-text';
import { fakePushBrowser, forgetPushBrowser } from './testing/fake-push-browser';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;

function prefs(
  email: { free: boolean; vip: boolean },
  push = { free: false, vip: false },
  vipEligible = true,
): TAlertPreferencesResponse {
  return { success: true, preferences: { email, push }, vipEligible };
}

const OFF = prefs({ free: false, vip: false });
const TELEGRAM_OFF = { success: true, available: true, linked: false, username: null };

function open(handlers: Record<string, FakeHandler | { status?: number; body: unknown }>) {
  storeSession();
  const api = fakeApi(
    {
      'GET /alerts/preferences': { body: OFF },
      'GET /telegram/link': { body: TELEGRAM_OFF },
      'GET /alerts/push/public-key': { body: { success: true, publicKey: PUBLIC_KEY } },
      ...handlers,
    },
    { user: { _id: 'u1', email: 'ana@example.com', roles: [{ name: 'user' }] } },
  );
  const onDismiss = vi.fn();
  renderWithApp(<AlertsOffer onDismiss={onDismiss} />);
  return { api, onDismiss, ui: userEvent.setup() };
}

const offer = () => screen.getByRole('region', { name: OFFER_TEXT.title });
const row = (name: string) =>
  within(offer())
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(name)) as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPushBrowser();
});

describe('AlertsOffer (issue 31 item 4)', () => {
  it('holds its place while it asks, then offers each channel that is off', async () => {
    open({});
    expect(screen.getByText(OFFER_TEXT.loading)).toHaveAttribute('role', 'status');
    const email = within(row(OFFER_TEXT.email.name)).getByRole('button', {
      name: OFFER_TEXT.email.action,
    });
    expect(email).toHaveAttribute('aria-disabled', 'true');

    await waitFor(() => expect(email).not.toHaveAttribute('aria-disabled'));
    expect(email).toHaveAccessibleDescription(OFFER_TEXT.email.off);
    const telegram = within(row(OFFER_TEXT.telegram.name)).getByRole('button', {
      name: OFFER_TEXT.telegram.action,
    });
    await waitFor(() => expect(telegram).not.toHaveAttribute('aria-disabled'));
    // jsdom has no service worker: the device can't, and says why.
    const device = within(row(OFFER_TEXT.push.name)).getByRole('button', {
      name: OFFER_TEXT.push.action,
    });
    expect(device).toBeDisabled();
    expect(device).toHaveAccessibleDescription(OFFER_TEXT.push.unsupported);
  });

  it('shows what is already on as Activado', async () => {
    open({
      'GET /alerts/preferences': { body: prefs({ free: false, vip: true }) },
      'GET /telegram/link': {
        body: { success: true, available: true, linked: true, username: 'ana_tips' },
      },
    });
    expect(await within(row(OFFER_TEXT.email.name)).findByText(OFFER_TEXT.on)).toBeVisible();
    expect(await within(row(OFFER_TEXT.telegram.name)).findByText(OFFER_TEXT.on)).toBeVisible();
    expect(row(OFFER_TEXT.telegram.name)).toHaveTextContent('Conectado como @ana_tips.');
    expect(within(offer()).queryByRole('button', { name: OFFER_TEXT.email.action })).toBeNull();
  });

  it('counts free e-mails as on for a reader without VIP access', async () => {
    open({
      'GET /alerts/preferences': { body: prefs({ free: true, vip: false }, undefined, false) },
    });
    expect(await within(row(OFFER_TEXT.email.name)).findByText(OFFER_TEXT.on)).toBeVisible();
  });

  it('turns e-mail on in one tap, VIP tips included, and keeps the focus on the row', async () => {
    const saved: unknown[] = [];
    const { ui } = open({
      'PUT /alerts/preferences': ({ body }) => {
        saved.push(body);
        return { body: { ...prefs({ free: true, vip: true }), message: 'Guardado' } };
      },
    });
    const email = within(row(OFFER_TEXT.email.name)).getByRole('button', {
      name: OFFER_TEXT.email.action,
    });
    await waitFor(() => expect(email).not.toHaveAttribute('aria-disabled'));
    await ui.click(email);

    const on = await within(row(OFFER_TEXT.email.name)).findByText(OFFER_TEXT.on);
    expect(on.closest('.alerts-offer__on')).toHaveFocus();
    expect(saved).toEqual([
      { email: { free: true, vip: true }, push: { free: false, vip: false } },
    ]);
    expect(screen.getByText(OFFER_TEXT.email.saved)).toHaveAttribute('role', 'status');
  });

  it('says in Spanish why a tap failed, and the button stays', async () => {
    const { ui } = open({
      'PUT /alerts/preferences': {
        status: 500,
        body: { success: false, message: 'Error interno' },
      },
    });
    const email = within(row(OFFER_TEXT.email.name)).getByRole('button', {
      name: OFFER_TEXT.email.action,
    });
    await waitFor(() => expect(email).not.toHaveAttribute('aria-disabled'));
    await ui.click(email);
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
    expect(email).toBeInTheDocument();
  });

  it('explains when the preferences could not be read, and asks again', async () => {
    let fail = true;
    const { ui } = open({
      'GET /alerts/preferences': () =>
        fail
          ? { status: 503, body: { success: false, message: 'Servicio no disponible' } }
          : { body: OFF },
    });
    const retry = await screen.findByRole('button', { name: OFFER_TEXT.retry });
    expect(within(row(OFFER_TEXT.email.name)).getByRole('button')).toBeDisabled();
    fail = false;
    await ui.click(retry);
    await waitFor(() =>
      expect(within(row(OFFER_TEXT.email.name)).getByRole('button')).toBeEnabled(),
    );
    expect(screen.queryByRole('button', { name: OFFER_TEXT.retry })).toBeNull();
  });

  it('disables Telegram with the reason when the site has no bot', async () => {
    open({
      'GET /telegram/link': {
        body: { success: true, available: false, linked: false, username: null },
      },
    });
    const telegram = within(row(OFFER_TEXT.telegram.name)).getByRole('button');
    await waitFor(() => expect(telegram).toBeDisabled());
    expect(telegram).toHaveAccessibleDescription(OFFER_TEXT.telegram.unavailable);
  });

  it('opens the one-time Telegram link and waits on it', async () => {
    const opened = vi.fn(() => null);
    vi.stubGlobal('open', opened);
    const { ui } = open({
      'POST /telegram/link': { body: { success: true, url: 'https://t.me/MagoTipsBot?start=abc' } },
    });
    const telegram = within(row(OFFER_TEXT.telegram.name)).getByRole('button');
    await waitFor(() => expect(telegram).not.toHaveAttribute('aria-disabled'));
    await ui.click(telegram);
    const link = await screen.findByRole('link', { name: OFFER_TEXT.telegram.open });
    expect(link).toHaveAttribute('href', 'https://t.me/MagoTipsBot?start=abc');
    expect(link).toHaveFocus();
    expect(link).toHaveAccessibleDescription(OFFER_TEXT.telegram.waiting);
    expect(opened).toHaveBeenCalledWith('https://t.me/MagoTipsBot?start=abc', '_blank');
  });

  it('subscribes this device in one tap and turns the push switches on', async () => {
    const browser = fakePushBrowser({ permission: 'default', answer: 'granted' });
    const saved: unknown[] = [];
    const { api, ui } = open({
      'POST /alerts/push/subscriptions': {
        status: 201,
        body: { success: true, message: 'Notificaciones activadas en este dispositivo.' },
      },
      'PUT /alerts/preferences': ({ body }) => {
        saved.push(body);
        return { body: prefs({ free: false, vip: false }, { free: true, vip: true }) };
      },
    });
    const device = within(row(OFFER_TEXT.push.name)).getByRole('button');
    await waitFor(() => expect(device).not.toHaveAttribute('aria-disabled'));
    await ui.click(device);

    expect(await within(row(OFFER_TEXT.push.name)).findByText(OFFER_TEXT.on)).toBeVisible();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(api.calls()).toContain('POST /alerts/push/subscriptions');
    expect(saved).toEqual([
      { email: { free: false, vip: false }, push: { free: true, vip: true } },
    ]);
  });

  it('disables the device with the reason when notifications are blocked', async () => {
    fakePushBrowser({ permission: 'denied' });
    open({});
    const device = within(row(OFFER_TEXT.push.name)).getByRole('button');
    expect(device).toBeDisabled();
    expect(device).toHaveAccessibleDescription(OFFER_TEXT.push.denied);
  });

  it('is dismissed with Ahora no', async () => {
    const { onDismiss, ui } = open({});
    await ui.click(screen.getByRole('button', { name: OFFER_TEXT.dismiss }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
