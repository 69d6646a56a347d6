import type { TManagementTip } from '@magotips/contracts/tips';
import type { SettledResult } from '@magotips/contracts/track-record';
import { useId, useRef, useState } from 'react';
import { ResultBadge } from '../../../components/track-record/result-badge';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { OutcomeButtons } from '../results/outcome-buttons';
import { SettleDialog, type SettleExtras } from '../results/settle-dialog';

/** A settled tip with its bet: the one kind whose result can be changed. */
export type SettledTip = TManagementTip & {
  result: SettledResult;
  pick: string;
  odds: number;
};

type ResultChangeDialogProps = {
  tip: SettledTip;
  busy: boolean;
  /** The server's refusal of the last attempt, shown in the confirmation. */
  error: Error | null;
  onConfirm: (result: SettledResult, extras: SettleExtras) => void;
  onCancel: () => void;
};

/** A recorded result changed in two steps, the new outcome and then the confirmation, which
 * asks for the correction's public reason: the track record, which customers read, is
 * recalculated from it and the revision shows why. */
export function ResultChangeDialog({
  tip,
  busy,
  error,
  onConfirm,
  onCancel,
}: ResultChangeDialogProps) {
  const [choice, setChoice] = useState<SettledResult | null>(null);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  if (choice) {
    return (
      <SettleDialog
        tip={tip}
        result={choice}
        busy={busy}
        error={error}
        onConfirm={(extras) => onConfirm(choice, extras)}
        onCancel={onCancel}
      />
    );
  }
  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onCancel}
      initialFocusRef={cancelRef}
      className="dialog-box--narrow confirm-dialog"
    >
      <h2 id={titleId} className="confirm-dialog__question">
        Cambiar el resultado
      </h2>
      <p className="confirm-dialog__detail">
        «{tip.title}»: ahora <ResultBadge result={tip.result} />
      </p>
      <OutcomeButtons title={tip.title} busy={busy} except={tip.result} onChoose={setChoice} />
      <div className="dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn--outline" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </ModalDialog>
  );
}
