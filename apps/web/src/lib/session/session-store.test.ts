import { describe, expect, it, vi } from 'vitest';
import { TEST_USER } from '../../../test/utils';
import { createSessionStore } from './session-store';

describe('createSessionStore', () => {
  it('starts from the stored user and token', () => {
    window.localStorage.setItem('user', JSON.stringify(TEST_USER));
    window.localStorage.setItem('token', 'abc');

    expect(createSessionStore().getSnapshot()).toEqual({ user: TEST_USER, token: 'abc' });
  });

  it.each([
    ['unreadable JSON', '{nope', 'abc'],
    ['a user without an id', JSON.stringify({ email: 'a@b.c', roles: [] }), 'abc'],
    ['a user without a token', JSON.stringify(TEST_USER), null],
  ])('drops %s', (_case, user, token) => {
    window.localStorage.setItem('user', user);
    if (token) window.localStorage.setItem('token', token);

    expect(createSessionStore().getSnapshot()).toEqual({ user: null, token: null });
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('saves and clears a session and tells its subscribers', () => {
    const store = createSessionStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.setSession(TEST_USER, 'new-token');
    expect(store.getSnapshot()).toEqual({ user: TEST_USER, token: 'new-token' });
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(TEST_USER);
    expect(window.localStorage.getItem('token')).toBe('new-token');

    store.clearSession();
    expect(store.getSnapshot()).toEqual({ user: null, token: null });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('keeps the signed-in hint cookie in step, and never puts the token in a cookie', () => {
    const store = createSessionStore();
    store.setSession(TEST_USER, 'secret-token');
    expect(document.cookie).toContain('mt_signed_in=1');
    expect(document.cookie).not.toContain('secret-token');
    store.clearSession();
    expect(document.cookie).not.toContain('mt_signed_in=1');

    // A session stored before the hint existed gets it on the next page load.
    window.localStorage.setItem('user', JSON.stringify(TEST_USER));
    window.localStorage.setItem('token', 'abc');
    createSessionStore();
    expect(document.cookie).toContain('mt_signed_in=1');
    window.localStorage.clear();
    createSessionStore();
    expect(document.cookie).not.toContain('mt_signed_in=1');
  });

  it('follows a sign-out made in another tab', () => {
    window.localStorage.setItem('user', JSON.stringify(TEST_USER));
    window.localStorage.setItem('token', 'abc');
    const store = createSessionStore();
    const listener = vi.fn();
    store.subscribe(listener);

    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));

    expect(store.getSnapshot()).toEqual({ user: null, token: null });
    expect(listener).toHaveBeenCalledOnce();
  });
});
