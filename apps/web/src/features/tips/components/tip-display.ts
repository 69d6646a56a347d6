import { MATCH_STATUSES } from '@magotips/contracts/match-status';

export const DEFAULT_TIP_TITLE = 'Análisis del día';

/** The CSS modifier of a status badge; anything unknown is styled as 'desconocido'. */
export function statusModifier(status: string | null | undefined): string {
  return MATCH_STATUSES.find((known) => known === status) ?? 'desconocido';
}
