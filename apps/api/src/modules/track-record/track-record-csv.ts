import { findSport } from '@magotips/contracts/sports';
import { RESULT_LABELS } from '@magotips/contracts/track-record';
import type { TTrackRecordTip } from '@magotips/contracts/track-record-schemas';

// GET /api/track-record/tips.csv (issue 27 item 6; decision 0075): RFC 4180 (commas, CRLF, double
// quotes doubled), UTF-8 with a byte-order mark so that spreadsheets read the accents, numbers
// with a decimal point and instants in ISO 8601 UTC, so that any tool reads them back.

const COLUMNS = [
  'ID',
  'Inicio (UTC)',
  'Publicado (UTC)',
  'Horas antes del inicio',
  'Deporte',
  'Categoría',
  'Partido',
  'Pronóstico',
  'Cuota',
  'Stake',
  'Casa de apuestas',
  'Cuota de cierre',
  'Resultado',
  'Beneficio (u)',
  'Resuelto (UTC)',
];

const CATEGORY_LABELS: Record<string, string> = { free: 'Gratis', premium: 'VIP' };
const BYTE_ORDER_MARK = '\uFEFF';
const HOUR_MS = 3_600_000;

/**
 * A text cell. Text an editor typed (titles, picks, bookmakers) may start with what a spreadsheet
 * runs as a formula (= + - @, or a tab or carriage return before one): such a cell gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's CSV injection advice). Then the RFC's
 * quoting, for commas, quotes and line breaks.
 */
export function textCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number as a computer writes it ("1.85", "-2"): never a formula, never quoted. */
const numberCell = (value: number | null): string => (value === null ? '' : String(value));

const line = (cells: string[]) => `${cells.join(',')}\r\n`;

export function csvHeader(): string {
  return BYTE_ORDER_MARK + line(COLUMNS.map(textCell));
}

/** One counted tip as the list shows it, with the closing odds the list leaves out. */
export function csvLine(tip: TTrackRecordTip, closingOddsCents: number | null): string {
  const ahead = Date.parse(tip.matchDate) - Date.parse(tip.publishedAt);
  return line([
    textCell(tip._id),
    textCell(tip.matchDate),
    textCell(tip.publishedAt),
    numberCell(Math.round((ahead / HOUR_MS) * 10) / 10),
    textCell(findSport(tip.sport)?.label ?? tip.sport),
    textCell(CATEGORY_LABELS[tip.category] ?? tip.category),
    textCell(tip.title),
    textCell(tip.pick),
    numberCell(tip.odds),
    numberCell(tip.stake),
    textCell(tip.bookmaker),
    numberCell(closingOddsCents === null ? null : closingOddsCents / 100),
    textCell(RESULT_LABELS[tip.result]),
    numberCell(tip.profitUnits),
    textCell(tip.settledAt),
  ]);
}
