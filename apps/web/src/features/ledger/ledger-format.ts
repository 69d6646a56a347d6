import type { TLedgerPage } from '@magotips/contracts/ledger-schemas';
import { zoneLabel } from '@magotips/contracts/time-zone';
import { formatLongMoment } from '../../lib/format-date';

export type Entry = TLedgerPage['entries'][number];

/** Entries a page of the ledger shows. */
export const LEDGER_PAGE_SIZE = 50;
/** One tip's entries fit one read: a tip has a handful (publication, changes, kick-off, reveal,
 * result, corrections); the API's own maximum. */
export const TIP_ENTRIES_LIMIT = 1000;

// Server times to the second, in the reader's zone, which they name (decision 0114).
const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "24 nov 2026, 23:00:05 (hora de España)". `timeZone` comes from useReaderTimeZone(). */
export function formatAt(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'medium', timeZone });
    timeFormats.set(timeZone, format);
  }
  return `${format.format(new Date(iso))} (${zoneLabel(timeZone)})`;
}

/** A kick-off: "24 de noviembre de 2026, 21:00 (hora de España)". */
export const formatKickOff = (iso: string, timeZone: string) =>
  formatLongMoment(iso, timeZone) ?? iso;

/** The first 16 hex digits, as the head is printed elsewhere. */
export const shortHash = (hex: string) => hex.slice(0, 16);

/** Odds as the ledger writes them ("1.85") in Spanish ("1,85"). */
export const formatLedgerOdds = (odds: string) => odds.replace('.', ',');

/** Names of the fields a 'change' entry lists (apps/api ledger-recorder's RECORD_FIELDS). */
export const FIELD_LABELS: Record<string, string> = {
  title: 'partido',
  sport: 'deporte',
  matchDate: 'inicio',
  category: 'categoría',
  pick: 'pronóstico',
  odds: 'cuota',
  stake: 'stake',
  bookmaker: 'casa de apuestas',
};

export const CATEGORY_LABELS = { free: 'Gratis', premium: 'VIP' } as const;

/**
 * Which page a reader lands on: an explicit `desde` (an entry number to read after), else the
 * page holding the entry the address's `#seq-<n>` names, else the newest page. Pages of a
 * `#seq-` link start at a multiple of the page size, so the same entry always opens the same page.
 */
export function firstAfter(desde: string | null, hash: string, headSeq: number): number {
  const explicit = Number(desde);
  if (desde !== null && Number.isInteger(explicit) && explicit >= 0) return explicit;
  const target = /^#seq-(\d+)$/.exec(hash);
  if (target) {
    const seq = Number(target[1]);
    if (seq >= 1) return Math.floor((seq - 1) / LEDGER_PAGE_SIZE) * LEDGER_PAGE_SIZE;
  }
  return Math.max(0, headSeq - LEDGER_PAGE_SIZE);
}

/** The match title the tip's entries last gave (a 'withdraw' or 'result' carries none). */
export function tipTitleOf(entries: readonly Entry[]): string | null {
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const entry = entries[i];
    if (entry && (entry.kind === 'publish' || entry.kind === 'change')) return entry.values.title;
  }
  return null;
}
