import { TOKEN_REFRESH_MS } from '@magotips/contracts/auth';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../test/utils';
import { apiRequest } from '../api-client';
import { hardNavigate } from './hard-navigate';
import { SessionProvider, useSession } from './session-context';
import { SESSION_RENEWAL_MS } from './session-sync';
import { apiError, authAnswer, makeUser, stubApi } from '../../../test/api-double';

vi.mock('./hard-navigate', () => ({ hardNavigate: vi.fn() }));

beforeEach(() => {
  vi.mocked(hardNavigate).mockClear();
});

function Probe() {
  const { user, token, status, isAuthenticated, signOut } = useSession();
  return (
    <div>
      <p data-testid="status">{status}</p>
      <p data-testid="token">{token ?? 'none'}</p>
      <p data-testid="who">{isAuthenticated ? user?.email : 'visitor'}</p>
      <button type="button" onClick={signOut}>
        Salir
      </button>
    </div>
  );
}

const renderProvider = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

describe('session start-up check (POST /auth/me_verify)', () => {
  it('keeps the user and stores the renewed token when the server confirms it', async () => {
    storeSession(undefined, 'stored-token');
    const api = stubApi({ 'POST /auth/me_verify': () => authAnswer(makeUser(), 'renewed') });
    renderProvider();

    expect(screen.getByTestId('status')).toHaveTextContent('checking');
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(screen.getByTestId('token')).toHaveTextContent('renewed');
    expect(window.localStorage.getItem('token')).toBe('renewed');
    expect(api.callsTo('POST /auth/me_verify')[0]?.headers.get('Authorization')).toBe(
      'Bearer stored-token',
    );
  });

  it('clears the session when the server refuses the token, without leaving the page', async () => {
    storeSession();
    stubApi({
      'POST /auth/me_verify': () => apiError(401, 'Sesión expirada.', 'UNAUTHORIZED'),
    });
    renderProvider();

    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(screen.getByTestId('who')).toHaveTextContent('visitor');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(hardNavigate).not.toHaveBeenCalled();
  });

  it('keeps the stored session when the server cannot be reached', async () => {
    storeSession(undefined, 'stored-token');
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    renderProvider();

    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(screen.getByTestId('token')).toHaveTextContent('stored-token');
  });

  it('asks nothing for a visitor', () => {
    const api = stubApi();
    renderProvider();

    expect(screen.getByTestId('status')).toHaveTextContent('ready');
    expect(api.calls).toEqual([]);
  });
});

describe('session renewal', () => {
  beforeEach(() => {
    // Only the renewal clock is faked; promises and Testing Library's timeouts stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews every 300000 ms, the contract period', async () => {
    expect(SESSION_RENEWAL_MS).toBe(300_000);
    expect(SESSION_RENEWAL_MS).toBe(TOKEN_REFRESH_MS);

    storeSession(undefined, 't0');
    let issued = 0;
    const api = stubApi({
      'POST /auth/me_verify': () => authAnswer(makeUser(), 't0-verified'),
      'POST /auth/refresh': () => authAnswer(makeUser(), `t${++issued}`),
    });
    renderProvider();
    await screen.findByText('t0-verified');

    await act(() => vi.advanceTimersByTimeAsync(299_999));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(1);
    expect(await screen.findByText('t1')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(300_000));
    expect(api.callsTo('POST /auth/refresh')).toHaveLength(2);
    expect(await screen.findByText('t2')).toBeInTheDocument();
    // Each renewal sends the token the previous one stored.
    expect(api.callsTo('POST /auth/refresh')[1]?.headers.get('Authorization')).toBe('Bearer t1');
  });

  it('stops renewing once signed out', async () => {
    storeSession();
    const api = stubApi({
      'POST /auth/me_verify': () => authAnswer(),
      'POST /auth/refresh': () => authAnswer(),
    });
    renderProvider();
    await screen.findByText('ready');

    act(() => screen.getByRole('button', { name: 'Salir' }).click());
    await act(() => vi.advanceTimersByTimeAsync(900_000));

    expect(api.callsTo('POST /auth/refresh')).toHaveLength(0);
  });
});

describe('a 401 on an authenticated call', () => {
  it('clears the session and sends the user to /login', async () => {
    storeSession();
    stubApi({
      'POST /auth/me_verify': () => authAnswer(makeUser(), 'good'),
      'GET /packs/mis-packs': () => apiError(401, 'Sesión expirada.', 'UNAUTHORIZED'),
    });
    renderProvider();
    await screen.findByText('good');

    await act(async () => {
      await expect(apiRequest('/packs/mis-packs')).rejects.toMatchObject({ status: 401 });
    });

    expect(screen.getByTestId('who')).toHaveTextContent('visitor');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(hardNavigate).toHaveBeenCalledWith('/login?expired=1');
  });

  it('carries the page the user was on, so signing in again returns there (issue 13)', async () => {
    window.history.pushState({}, '', '/panel/cuenta?x=1');
    try {
      storeSession();
      stubApi({
        'POST /auth/me_verify': () => authAnswer(makeUser(), 'good'),
        'GET /packs/mis-packs': () => apiError(401, 'Sesión expirada.', 'UNAUTHORIZED'),
      });
      renderProvider();
      await screen.findByText('good');
      await act(async () => {
        await expect(apiRequest('/packs/mis-packs')).rejects.toMatchObject({ status: 401 });
      });
      expect(hardNavigate).toHaveBeenLastCalledWith('/login?expired=1&next=/panel/cuenta%3Fx%3D1');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
