import { describe, expect, it } from 'vitest';
import {
  displayGiftCode,
  encodeGiftCode,
  GIFT_CODE_ALPHABET,
  normalizeGiftCode,
} from './gift-code-format';
import { GIFT_MSG, ZCreateGiftCodesRequest, ZRedeemGiftCodeRequest } from './gift-codes';

const firstError = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('gift code format', () => {
  it('writes 10 bytes as MAGO and four groups of four Crockford symbols', () => {
    const code = encodeGiftCode(new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
    expect(code).toBe('MAGO-0000-0000-0000-0000');
    const all = encodeGiftCode(new Uint8Array(10).fill(255));
    expect(all).toBe('MAGO-ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    const some = encodeGiftCode(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]));
    expect(some).toMatch(/^MAGO(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
  });

  it('never uses I, L, O or U', () => {
    expect(GIFT_CODE_ALPHABET).toHaveLength(32);
    expect(GIFT_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('reads any case, with or without dashes, spaces and the prefix', () => {
    const code = 'MAGO-7K2P-AB3C-XY9Z-QRST';
    for (const typed of [
      code,
      code.toLowerCase(),
      '7K2P-AB3C-XY9Z-QRST',
      'mago 7k2p ab3c xy9z qrst',
      ' MAGO7K2PAB3CXY9ZQRST ',
      '7k2pab3cxy9zqrst',
      'MAGO – 7K2P – AB3C – XY9Z – QRST',
    ]) {
      expect(normalizeGiftCode(typed), typed).toBe('7K2PAB3CXY9ZQRST');
    }
    expect(displayGiftCode('7K2PAB3CXY9ZQRST')).toBe(code);
  });

  it('reads I and L as 1 and O as 0, as Crockford decoding does', () => {
    expect(normalizeGiftCode('MAGO-IL0O-0000-0000-0000')).toBe('1100000000000000');
  });

  it('refuses what cannot be a code', () => {
    for (const typed of [
      '',
      'MAGO',
      'MAGO-0000-0000-0000',
      'MAGO-0000-0000-0000-000U',
      '0000-0000-0000-0000-0',
      'ñ'.repeat(16),
    ]) {
      expect(normalizeGiftCode(typed), typed).toBeNull();
    }
  });
});

describe('gift code requests', () => {
  it('accepts a plan batch and a pack batch', () => {
    expect(
      ZCreateGiftCodesRequest.parse({ type: 'plan', planKey: 'premium', months: 3, count: 5 }),
    ).toEqual({
      type: 'plan',
      planKey: 'premium',
      months: 3,
      count: 5,
      expiresAt: null,
      note: null,
    });
    const pack = ZCreateGiftCodesRequest.parse({
      type: 'pack',
      packId: '00000000-0000-4000-8000-000000000000',
      count: 1,
      expiresAt: '2027-01-01T00:00:00.000Z',
      note: '  Sorteo  ',
    });
    expect(pack).toMatchObject({ expiresAt: '2027-01-01T00:00:00.000Z', note: 'Sorteo' });
  });

  it('answers each broken rule in Spanish', () => {
    const plan = { type: 'plan', planKey: 'premium', months: 3, count: 5 };
    expect(firstError(ZCreateGiftCodesRequest.safeParse({}))).toBe(GIFT_MSG.typeRequired);
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, months: 25 }))).toBe(
      GIFT_MSG.months,
    );
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, months: 0 }))).toBe(
      GIFT_MSG.months,
    );
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, months: 1.5 }))).toBe(
      GIFT_MSG.months,
    );
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, count: 1001 }))).toBe(
      GIFT_MSG.count,
    );
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, planKey: '' }))).toBe(
      GIFT_MSG.planRequired,
    );
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, expiresAt: 'mañana' }))).toBe(
      GIFT_MSG.expiresAtInvalid,
    );
    expect(firstError(ZCreateGiftCodesRequest.safeParse({ ...plan, note: 'x'.repeat(201) }))).toBe(
      GIFT_MSG.noteTooLong,
    );
    expect(
      firstError(ZCreateGiftCodesRequest.safeParse({ type: 'pack', packId: 'x', count: 1 })),
    ).toBe(GIFT_MSG.packRequired);
    expect(firstError(ZRedeemGiftCodeRequest.safeParse({ code: '   ' }))).toBe(
      GIFT_MSG.codeRequired,
    );
    expect(firstError(ZRedeemGiftCodeRequest.safeParse({}))).toBe(GIFT_MSG.codeRequired);
  });
});
