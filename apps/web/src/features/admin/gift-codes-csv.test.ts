import type { TGiftBatch } from '@magotips/contracts/gift-codes';
import { describe, expect, it } from 'vitest';
import { giftCodesCsv, giftCodesFileName } from './gift-codes-csv';
import { GIFT_BATCH } from './testing/gift-fixtures';

const BATCH: TGiftBatch = {
  ...GIFT_BATCH,
  expiresAt: '2026-12-31T12:00:00.000Z',
  note: 'Sorteo "verano", Instagram',
};

describe('giftCodesCsv', () => {
  it('writes one line per code with what it grants, quoted where needed', () => {
    const csv = giftCodesCsv(BATCH, ['MAGO-AAAA-BBBB-CCCC-DDDD', 'MAGO-EEEE-FFFF-GGGG-HHHH']);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'codigo,regalo,meses,caduca,nota',
      'MAGO-AAAA-BBBB-CCCC-DDDD,Plan Premium,3,2026-12-31,"Sorteo ""verano"", Instagram"',
      'MAGO-EEEE-FFFF-GGGG-HHHH,Plan Premium,3,2026-12-31,"Sorteo ""verano"", Instagram"',
      '',
    ]);
  });

  it('leaves months and expiry empty for a pack without expiry, and defuses formulas', () => {
    const csv = giftCodesCsv(
      {
        ...BATCH,
        type: 'pack',
        months: null,
        expiresAt: null,
        itemName: '=HYPERLINK("x")',
        note: null,
      },
      ['MAGO-AAAA-BBBB-CCCC-DDDD'],
    );
    expect(csv).toContain(`MAGO-AAAA-BBBB-CCCC-DDDD,"'=HYPERLINK(""x"")",,,`);
  });

  it('names the file after the day and the batch', () => {
    expect(giftCodesFileName(BATCH)).toBe('codigos-regalo-2026-06-01-1a2b3c4d.csv');
  });
});
