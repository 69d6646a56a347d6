import type { TTipRevision } from '@magotips/contracts/tips';
import { RESULT_LABELS, TIP_RESULTS } from '@magotips/contracts/track-record';
import { formatMatchDate } from '../../lib/format-date';
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
};

/** Long analysis texts are cut here: the page already shows the current one in full. */
export const LONG_TEXT_MAX = 120;

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** One side of a change, as a reader expects it: Spanish numbers, dates and words. */
export function valueText(field: string, value: Value): string {
  if (value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (field === 'odds' && typeof value === 'number') return formatOdds(value);
  if (field === 'stake') return `${value} u`;
  if (field === 'matchDate' && typeof value === 'string') return formatMatchDate(value);
  if (field === 'category')
    return value === 'premium' ? 'VIP' : value === 'free' ? 'Gratis' : String(value);
  if (field === 'result') {
    const result = TIP_RESULTS.find((r) => r === value);
    return result ? RESULT_LABELS[result] : String(value);
  }
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text.length > LONG_TEXT_MAX ? `${text.slice(0, LONG_TEXT_MAX - 1).trimEnd()}…` : text;
}

/** The disclosure's summary: "Editado el …" after any edit, the latest; a tip that was only
 * settled says so instead (settling is not editing the bet, decision 0040). */
export function revisionsSummary(revisions: readonly TTipRevision[]): string | null {
  const edits = revisions.filter((r) => r.kind === 'edit');
  const last = (edits.length > 0 ? edits : revisions).at(-1);
  if (!last) return null;
  const when = formatMatchDate(last.at);
  return edits.length > 0 ? `Editado el ${when}` : `Resultado registrado el ${when}`;
}
