import { findSport } from './sports';

export const MATCH_STATUSES = ['pendiente', 'en_progreso', 'terminado'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  pendiente: 'Pendiente',
  en_progreso: 'En progreso',
  terminado: 'Terminado',
};

export const UNKNOWN_STATUS_LABEL = 'Desconocido';

export function matchStatusLabel(status: string | null | undefined): string {
  return status && status in MATCH_STATUS_LABELS
    ? MATCH_STATUS_LABELS[status as MatchStatus]
    : UNKNOWN_STATUS_LABEL;
}

const FALLBACK_DURATION_MINUTES = 120;

/** Derived, never stored: before kick-off, during the sport's usual length, then over. */
export function deriveMatchStatus(matchDate: Date, sportId: string, now: Date): MatchStatus {
  const start = matchDate.getTime();
  if (now.getTime() < start) return 'pendiente';
  const minutes = findSport(sportId)?.durationMinutes ?? FALLBACK_DURATION_MINUTES;
  return now.getTime() < start + minutes * 60_000 ? 'en_progreso' : 'terminado';
}

/** A tip is 'Vencido' in the pack form once now is more than 12 hours past its match. */
export const TIP_EXPIRY_HOURS = 12;

export function isTipExpired(matchDate: Date, now: Date): boolean {
  return now.getTime() - matchDate.getTime() > TIP_EXPIRY_HOURS * 3_600_000;
}
