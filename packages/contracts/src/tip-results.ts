// A tip's results and their words, apart from the track record's arithmetic: the tip cards'
// state (tip-state.ts) needs only these, and the landing's first download must not carry the
// whole of track-record.ts (120 KB budget; /historial's chunk keeps the rest).

export const TIP_RESULTS = [
  'pendiente',
  'ganado',
  'perdido',
  'nulo',
  'medio_ganado',
  'medio_perdido',
] as const;
export type TipResult = (typeof TIP_RESULTS)[number];

export const RESULT_LABELS: Record<TipResult, string> = {
  pendiente: 'Pendiente',
  ganado: 'Ganado',
  perdido: 'Perdido',
  nulo: 'Nulo',
  medio_ganado: 'Medio ganado',
  medio_perdido: 'Medio perdido',
};
