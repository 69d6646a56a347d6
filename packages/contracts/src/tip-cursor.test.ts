import { describe, expect, it } from 'vitest';
import { cursorAtInstant, decodeTipCursor, encodeTipCursor, LAST_TIP_ID } from './tip-cursor';
import { ZTipListQuery } from './tips';

const ID = '5b0d6f4e-8a51-4c59-9d5e-3f1f2b8f6a10';

describe('tip cursors', () => {
  it('round-trip, URL-safe, to the microsecond', () => {
    for (const micros of ['1780315200000001', '-1', '0']) {
      const text = encodeTipCursor({ micros, id: ID });
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeTipCursor(text)).toEqual({ micros, id: ID });
    }
  });

  it('decode nothing this server could not have made', () => {
    for (const text of ['', 'a', '!!!', btoa('1.x'), btoa(`1.${ID}.2`), btoa(`1e3.${ID}`)]) {
      expect(decodeTipCursor(text), text).toBeNull();
    }
  });

  it('put a date jump after every tip of its instant', () => {
    expect(cursorAtInstant(new Date(5))).toEqual({ micros: '5999', id: LAST_TIP_ID });
    expect(cursorAtInstant(new Date(-5))).toEqual({ micros: '-4001', id: LAST_TIP_ID });
  });

  it('leave the pages by number as they were', () => {
    expect(ZTipListQuery.parse({ management: 'true' })).toEqual({
      limit: 10,
      management: true,
      category: undefined,
      mode: 'page',
      page: 1,
    });
    expect(ZTipListQuery.parse({ management: 'true', order: 'match' })).toMatchObject({
      mode: 'match',
      position: { kind: 'first' },
    });
  });
});
