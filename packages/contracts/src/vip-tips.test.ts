import { describe, expect, it } from 'vitest';
import { decodeVipTipsCursor, encodeVipTipsCursor, type VipTipsCursor } from './vip-tips';

const ID = '0b6f3c52-0b1e-4f5e-9a57-1c2b3d4e5f60';

describe('the VIP list cursor (decision 0108)', () => {
  it.each<VipTipsCursor>([
    { phase: 'upcoming', boundary: '1780315200000000', micros: '1780318800123456', id: ID },
    { phase: 'past', micros: '-1000', id: ID },
  ])('reads back what it wrote: %o', (cursor) => {
    const text = encodeVipTipsCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeVipTipsCursor(text)).toEqual(cursor);
  });

  it.each([
    '',
    'no!',
    btoa(`p.12.${ID}.extra`),
    btoa(`u.12.${ID}`),
    btoa(`x.12.${ID}`),
    btoa('p.12.not-a-uuid'),
    btoa(`p.1.5.${ID}`),
    btoa(`p.12345678901234567.${ID}`),
  ])('refuses %s', (text) => {
    expect(decodeVipTipsCursor(text.replace(/=+$/, ''))).toBeNull();
  });
});
