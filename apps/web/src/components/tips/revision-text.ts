import { MSG } from '@magotips/contracts/messages';
import type { TTipRevision } from '@magotips/contracts/tips';
import { RESULT_LABELS, TIP_RESULTS } from '@magotips/contracts/tip-results';
import { formatMoment } from '../../lib/format-date';
import { formatOdds } from '../../lib/format-track-record';

type Value = TTipRevision['changes'][number]['before'];

/** The fields a revision may name, in the words the editor's form uses. */
export const FIELD_LABELS: Record<string, string> = {
  pick: 'Pronóstico',
  odds: 'Cuota',
  stake: 'Stake',
  bookmaker: 'Casa de apuestas',
  analisis: 'Análisis',
  title: 'Título',
  result: 'Resultado',
  category: 'Categoría',
  matchDate: 'Fecha del partido',
  isPublished: 'Publicado',
  icon: 'Deporte',
  closingOdds: 'Cuota de cierre',
};

/** What kind of change a revision is, as its history names it. */
export const KIND_LABELS: Record<TTipRevision['kind'], string> = {
  edit: 'Edición',
  result: 'Resultado',
  correction: 'Corrección',
};

/** Stands in for every value of a revision written while the tip was VIP, for a reader not
 * entitled to VIP: the server has already withheld them (the proof issue, item 3). */
export const RESERVED_TEXT = MSG.previousContentReserved;

/** Long analysis texts are cut here: the page already shows the current one in full. */
export const LONG_TEXT_MAX = 120;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** One side of a change, as a reader expects it: Spanish numbers, dates and words. */
export function valueText(field: string, value: Value, timeZone: string): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (field === 'odds' && typeof value === 'number') return formatOdds(value);
  // Closing odds are stored as text ("1.85"): written like every other odds.
  if (field === 'closingOdds' && Number.isFinite(Number(value))) return formatOdds(Number(value));
  if (field === 'stake') return `${value} u`;
  if (field === 'matchDate' && typeof value === 'string') return formatMoment(value, timeZone);
  if (field === 'category')
    return value === 'premium' ? 'VIP' : value === 'free' ? 'Gratis' : String(value);
  if (field === 'result') {
    const result = TIP_RESULTS.find((r) => r === value);
    return result ? RESULT_LABELS[result] : String(value);
  }
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text.length > LONG_TEXT_MAX ? `${text.slice(0, LONG_TEXT_MAX - 1).trimEnd()}…` : text;
}

/** "Publicado el 24 de noviembre de 2026, 18:30 · 3 h antes del inicio": when the tip became
 * public and how long before kick-off, in hours below 48 h and in days from there (the proof
 * issue, item 6). Null when the tip carries no publication time. */
export function publicationText(
  publishedAt: string | null | undefined,
  matchDate: string | null | undefined,
  timeZone: string,
): string | null {
  if (!publishedAt) return null;
  const published = new Date(publishedAt).getTime();
  if (Number.isNaN(published)) return null;
  const head = `Publicado el ${formatMoment(publishedAt, timeZone)}`;
  const start = matchDate ? new Date(matchDate).getTime() : Number.NaN;
  if (Number.isNaN(start)) return head;
  return `${head} · ${leadText(start - published)}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** How long before kick-off, rounded down: a tip published 2 h 59 min before was not 3 h early. */
export function leadText(ms: number): string {
  if (ms <= 0) return 'tras el inicio';
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min antes del inicio`;
  const hours = Math.floor(ms / HOUR_MS);
  if (hours < 48) return `${hours} h antes del inicio`;
  return `${Math.floor(hours / 24)} días antes del inicio`;
}
