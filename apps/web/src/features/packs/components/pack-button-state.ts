import type { TAvailablePack } from '@magotips/contracts/packs';

export type PackButtonState = 'purchased' | 'buy' | 'unavailable';

export const PACK_BUTTON_LABELS: Record<PackButtonState, string> = {
  purchased: 'Comprado',
  buy: 'Comprar',
  unavailable: 'No disponible',
};

/**
 * SPEC.md §2: bought packs say Comprado; a pack is for sale while at least one of its matches is
 * pending, in progress or dated in the future; a pack of finished matches is No disponible.
 */
export function packButtonState(
  pack: Pick<TAvailablePack, 'isPurchased' | 'packStatus' | 'partidos'>,
  now: Date,
): PackButtonState {
  if (pack.isPurchased || pack.packStatus === 'purchased') return 'purchased';
  const buyable = pack.partidos.some(
    (match) =>
      match.status === 'pendiente' ||
      match.status === 'en_progreso' ||
      new Date(match.fecha).getTime() > now.getTime(),
  );
  return buyable ? 'buy' : 'unavailable';
}
