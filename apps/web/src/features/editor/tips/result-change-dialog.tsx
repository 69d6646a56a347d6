import type { TManagementTip } from '@magotips/contracts/tips';
import { RESULT_LABELS, type SettledResult } from '@magotips/contracts/track-record';
import { useId, useRef, useState } from 'react';
import { ResultBadge } from '../../../components/track-record/result-badge';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { OutcomeButtons } from '../results/outcome-buttons';

type ResultChangeDialogProps = {
  /** A settled tip (its result is not 'pendiente'). */
  tip: TManagementTip & { result: SettledResult };
  busy: boolean;
  onConfirm: (result: SettledResult) => void;
  onCancel: () => void;
};

/** A settled result changed in two steps, the new outcome and then a confirmation: the track
 * record, which customers read, is recalculated from it. */
export function ResultChangeDialog({ tip, busy, onConfirm, onCancel }: ResultChangeDialogProps) {
  const [choice, setChoice] = useState<SettledResult | null>(null);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  if (choice) {
    return (
      <ConfirmDialog
        question={`¿Cambiar el resultado a «${RESULT_LABELS[choice]}»?`}
        detail={`«${tip.title}» pasa de ${RESULT_LABELS[tip.result]} a ${RESULT_LABELS[choice]}. El historial se recalcula con el nuevo resultado.`}
        confirmLabel="Sí, cambiar"
        busyLabel="Guardando..."
        busy={busy}
        tone="gold"
        onConfirm={() => onConfirm(choice)}
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
