// What pages show of the ledger without checking it: kept apart from ledger.ts, whose hashing
// (@noble/hashes) would otherwise ride in /historial's first download.
import type { LedgerHead, LedgerKind } from './ledger';

/** Spanish names of the kinds, for the page and the verifier's report. */
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  publish: 'Publicación',
  change: 'Cambio',
  withdraw: 'Retirada',
  kickoff: 'Inicio del partido',
  reveal: 'Revelación',
  result: 'Resultado',
  correction: 'Corrección',
};

/** "#1234 · 9f86d081884c7d65": how the head is printed where copies we don't control keep it
 * (Telegram posts, alert e-mails, /historial). */
export function headLabel(head: Pick<LedgerHead, 'seq' | 'hash'>): string {
  return `#${head.seq} · ${head.hash.slice(0, 16)}`;
}
