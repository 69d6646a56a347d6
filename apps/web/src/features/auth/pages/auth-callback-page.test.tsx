import { GOOGLE_AUTH_MESSAGES, MISSING_BIRTH_DATE_TEXT } from '@magotips/contracts/google-auth';
import { act, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissNotices } from '../../../../test/utils';
import { preloadRoutes, renderApp } from '../../../../test/render-app';
import { LOGIN_QUERY_ERRORS } from '../login-messages';
import { authAnswer, makeUser, stubApi } from '../../../../test/api-double';

preloadRoutes('/auth/callback');

function callbackUrl(params: Record<string, string>): string {
  return `/auth/callback?${new URLSearchParams(params).toString()}`;
}

function openCallback(params: Record<string, string>) {
  dismissNotices();
  return renderApp(callbackUrl(params));
}

/** Waits until the page has sent the browser on, and answers where to. */
async function landing(router: ReturnType<typeof renderApp>['router']) {
  await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/callback'));
  return { ...router.state.location, action: router.state.historyAction };
}

const serverError = (code: keyof typeof GOOGLE_AUTH_MESSAGES) => ({
  error: code,
  message: GOOGLE_AUTH_MESSAGES[code],
});

describe('AuthCallbackPage: errors', () => {
  it.each([
    ['google_auth_failed', serverError('google_auth_failed')],
    ['birthday_required', serverError('birthday_required')],
    ['underage', serverError('underage')],
    ['duplicate_email', serverError('duplicate_email')],
    ['validation_error', serverError('validation_error')],
  ])('sends the server code %s to /login?error=…, replacing the address', async (code, params) => {
    stubApi();
    const { router } = openCallback(params);

    const to = await landing(router);
    expect(`${to.pathname}${to.search}`).toBe(`/login?error=${code}`);
    expect(to.action).toBe('REPLACE');
    // The login page explains it.
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_QUERY_ERRORS[code]!);
  });

  it('reads birthday_required from the missing-birth-date text, whatever the code', async () => {
    stubApi();
    const { router } = openCallback({ error: 'oauth_error', message: `${MISSING_BIRTH_DATE_TEXT}.` });

    expect((await landing(router)).search).toBe('?error=birthday_required');
  });

  it('reads underage from a message that says older than 21, whatever the code', async () => {
    stubApi();
    const { router } = openCallback({ error: 'google_auth_failed', message: 'Debes ser mayor de 21 años para registrarte' });

    expect((await landing(router)).search).toBe('?error=underage');
    expect(await screen.findByRole('alert')).toHaveTextContent('Debes ser mayor de 21 años para registrarte...');
  });

  it.each([
    ['an unknown code', { error: 'access_denied' }],
    ['an empty error', { error: '' }],
    ['an unknown code with an unrelated message', { error: 'x', message: 'Algo pasó' }],
  ])('defaults to google_auth_failed for %s', async (_case, params) => {
    stubApi();
    const { router } = openCallback(params);

    expect((await landing(router)).search).toBe('?error=google_auth_failed');
  });

  it('lets an error win over a code in the same address, and stores nothing', async () => {
    const api = stubApi();
    const { router } = openCallback({ ...serverError('underage'), code: 'c0de' });

    expect((await landing(router)).search).toBe('?error=underage');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(api.callsTo('POST /auth/google/exchange')).toHaveLength(0);
  });

  it.each([
    ['no parameters', {}],
    ['an empty code', { code: '' }],
    // Issue 12, item 2: a session in the address (a crafted link) is never taken.
    ['a token and a user (the old, unsafe form)', { token: 'google-token', user: JSON.stringify(makeUser()) }],
  ])('goes to /login?error=missing_data with %s', async (_case, params) => {
    stubApi();
    const { router } = openCallback(params);

    const to = await landing(router);
    expect(`${to.pathname}${to.search}`).toBe('/login?error=missing_data');
    expect(to.action).toBe('REPLACE');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_QUERY_ERRORS.missing_data!);
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it.each([
    [400, 'invalid_data'],
    [429, 'google_auth_failed'],
    [500, 'google_auth_failed'],
  ])('a refused exchange (%i) goes to /login?error=%s and stores nothing', async (status, code) => {
    stubApi({
      'POST /auth/google/exchange': () =>
        new Response(JSON.stringify({ success: false, message: 'No', code: 'GOOGLE_CODE_INVALID' }), { status }),
    });
    const { router } = openCallback({ code: 'spent-code' });

    const to = await landing(router);
    expect(`${to.pathname}${to.search}`).toBe(`/login?error=${code}`);
    expect(to.action).toBe('REPLACE');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

describe('AuthCallbackPage: a session', () => {
  beforeEach(() => {
    // Only the renewal clock is faked; promises and Testing Library's timeouts stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('trades the code, stores the session, goes to / replacing the address, and starts the renewal', async () => {
    const user = makeUser({ socialLogin: { google: true } });
    const api = stubApi({
      'GET /tips/preview': () => new Response(JSON.stringify({ success: true, tips: [] })),
      'POST /auth/google/exchange': () => authAnswer(user, 'google-token'),
      'POST /auth/refresh': () => authAnswer(user, 'renewed-token'),
    });
    const { router } = openCallback({ code: 'one-time-code' });

    const to = await landing(router);
    expect(to.pathname).toBe('/');
    expect(to.search).toBe('');
    expect(to.action).toBe('REPLACE');
    const [exchange] = api.callsTo('POST /auth/google/exchange');
    expect(exchange?.body).toEqual({ code: 'one-time-code' });
    expect(exchange?.headers.get('Authorization')).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('google-token');
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toEqual(user);
    // Signed in: the header offers the panel.
    expect(await screen.findByRole('link', { name: 'Panel' })).toHaveAttribute('href', '/panel');

    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(api.callsTo('POST /auth/refresh')[0]?.headers.get('Authorization')).toBe('Bearer google-token');
    await waitFor(() => expect(window.localStorage.getItem('token')).toBe('renewed-token'));
  });

  it('replaces a session the browser held before', async () => {
    window.localStorage.setItem('user', JSON.stringify(makeUser({ _id: 'old', email: 'old@example.com' })));
    window.localStorage.setItem('token', 'old-token');
    const user = makeUser({ email: 'nueva@example.com' });
    // The start-up check may run with either token, depending on which effect comes first; the
    // server answers for the token it was sent.
    const api = stubApi({
      'POST /auth/me_verify': () =>
        api.calls.at(-1)?.headers.get('Authorization') === 'Bearer old-token'
          ? authAnswer(makeUser({ email: 'old@example.com' }), 'old-renewed')
          : authAnswer(user, 'google-renewed'),
    });
    api.on('POST /auth/google/exchange', () => authAnswer(user, 'google-token'));
    const { router } = openCallback({ code: 'one-time-code' });

    expect((await landing(router)).pathname).toBe('/');
    await waitFor(() => expect(api.callsTo('POST /auth/me_verify')).toHaveLength(1));
    // However the check and the callback interleave, the Google session is the one kept.
    await waitFor(() => expect(window.localStorage.getItem('token')).toMatch(/^google-(token|renewed)$/));
    expect(JSON.parse(window.localStorage.getItem('user') ?? 'null')).toMatchObject({ email: 'nueva@example.com' });
  });

  it('stores and navigates once under StrictMode', async () => {
    dismissNotices();
    const user = makeUser();
    const api = stubApi({ 'POST /auth/google/exchange': () => authAnswer(user, 'google-token') });
    const { router } = renderApp(['/docs', callbackUrl({ code: 'one-time-code' })], {
      strict: true,
      queryClient: new QueryClient(),
    });

    await landing(router);
    expect(router.state.location.pathname).toBe('/');
    // The single-use code is sent once, whatever StrictMode does.
    expect(api.callsTo('POST /auth/google/exchange')).toHaveLength(1);
    // The callback entry was replaced, not stacked: Back goes to where the person came from.
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/docs');
  });
});

describe('AuthCallbackPage: back to what they wanted (issue 13, item 1)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('continues to the page the Google button stored, once', async () => {
    window.sessionStorage.setItem('magotips.googleNext', '/subscription');
    stubApi({
      'POST /auth/google/exchange': () => authAnswer(makeUser(), 'google-token'),
      'GET /subscriptions/plans': () => new Response(JSON.stringify({ success: true, data: [] })),
    });
    const { router } = openCallback({ code: 'one-time-code' });

    const to = await landing(router);
    expect(to.pathname).toBe('/subscription');
    expect(to.action).toBe('REPLACE');
    expect(window.sessionStorage.getItem('magotips.googleNext')).toBeNull();
  });

  it('judges the stored target again: an unsafe one ends on /', async () => {
    window.sessionStorage.setItem('magotips.googleNext', '//evil.example');
    stubApi({ 'POST /auth/google/exchange': () => authAnswer(makeUser(), 'google-token') });
    const { router } = openCallback({ code: 'one-time-code' });

    expect((await landing(router)).pathname).toBe('/');
  });

  it('keeps the target on /login when Google refuses, so the next try still returns there', async () => {
    window.sessionStorage.setItem('magotips.googleNext', '/subscription');
    stubApi();
    const { router } = openCallback(serverError('duplicate_email'));

    const to = await landing(router);
    expect(`${to.pathname}${to.search}`).toBe('/login?error=duplicate_email&next=/subscription');
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_QUERY_ERRORS.duplicate_email!);
  });
});
