import { tipState, type TipState } from '@magotips/contracts/tip-state';
import { profitUnits } from '@magotips/contracts/track-record';
import type { TManagementTip } from '@magotips/contracts/tips';

type EditorTip = Pick<TManagementTip, 'status' | 'result' | 'pick' | 'odds' | 'stake'>;

/** The one state of a tip (the proof issue, item 7) from what the editor's list carries: the
 * units are worked out with the record's own rule, since the list has odds and stake. */
export function editorTipState(tip: EditorTip): TipState {
  const hasBet = tip.pick !== null && tip.odds !== null && tip.stake !== null;
  if (!hasBet) return tipState({ status: tip.status, noBet: true });
  const settled = tip.result !== 'pendiente';
  return tipState({
    status: tip.status,
    result: tip.result,
    ...(settled && tip.odds !== null && tip.stake !== null
      ? { profitUnits: profitUnits(tip.result, tip.odds, tip.stake) }
      : {}),
  });
}

/** The state as a tag: colour per state, the words always there. */
export function TipStateTag({ tip }: { tip: EditorTip }) {
  const state = editorTipState(tip);
  return <span className={`tag tip-state tip-state--${state.key}`}>{state.label}</span>;
}
