import { describe, expect, it } from 'vitest';
import { keyInitialHistoryEntry } from './history-entry-key';

function fakeHistory(state: unknown) {
  const h = {
    state,
    replaceState(next: unknown) {
      h.state = next;
    },
  };
  return h;
}

describe('keyInitialHistoryEntry', () => {
  it('gives an entry opened by URL (no state) a key of its own', () => {
    const a = fakeHistory(null);
    const b = fakeHistory(null);
    keyInitialHistoryEntry(a);
    keyInitialHistoryEntry(b);
    expect(a.state).toMatchObject({ usr: null, key: expect.stringMatching(/^[a-z0-9]{1,8}$/) });
    expect((a.state as { key: string }).key).not.toBe((b.state as { key: string }).key);
  });

  it('keeps the key of an entry the router already made (reload, back/forward)', () => {
    const h = fakeHistory({ usr: { from: 'x' }, key: 'abc123', idx: 3 });
    keyInitialHistoryEntry(h);
    expect(h.state).toEqual({ usr: { from: 'x' }, key: 'abc123', idx: 3 });
  });

  it('keeps what else the state holds when adding the key', () => {
    const h = fakeHistory({ usr: { next: '/tip/1' }, idx: 0 });
    keyInitialHistoryEntry(h);
    expect(h.state).toMatchObject({ usr: { next: '/tip/1' }, idx: 0, key: expect.any(String) });
  });
});
