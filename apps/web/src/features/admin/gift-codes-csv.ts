import type { TGiftBatch } from '@magotips/contracts/gift-codes';

const HEADER = ['codigo', 'regalo', 'meses', 'caduca', 'nota'];

/** RFC 4180 quoting, and a leading quote for what a spreadsheet would run as a formula. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day of an instant where the admin is: the day they picked in the form. */
function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The batch as the CSV the admin downloads right after making it: the one other place the
 * plain codes exist. The BOM makes spreadsheet programs read the accents as UTF-8. */
export function giftCodesCsv(batch: TGiftBatch, codes: string[]): string {
  const expires = batch.expiresAt ? localDay(batch.expiresAt) : '';
  const rows = codes.map((code) =>
    [
      code,
      batch.itemName,
      batch.months === null ? '' : String(batch.months),
      expires,
      batch.note ?? '',
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}

/** codigos-regalo-2026-06-01-1a2b3c4d.csv: the day it was made and the batch, so two downloads
 * of one day do not overwrite each other. */
export function giftCodesFileName(batch: TGiftBatch): string {
  return `codigos-regalo-${localDay(batch.createdAt)}-${batch._id.slice(0, 8)}.csv`;
}
