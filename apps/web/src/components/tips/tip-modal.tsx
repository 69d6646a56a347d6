import { useId } from 'react';
import { ModalDialog } from '../ui/modal-dialog';
import type { TipCardTip } from './tip-display';
import { TipDetail } from './tip-detail';
import { TipHistory } from './tip-history';

type TipModalProps = {
  tip: TipCardTip;
  onClose: () => void;
};

/** The card's `modal` action: the full analysis over the page, closed by Regresar or Escape. */
export default function TipModal({ tip, onClose }: TipModalProps) {
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onClose={onClose} className="tip-modal">
      <TipDetail
        tip={tip}
        titleId={titleId}
        headingLevel={2}
        history={<TipHistory tipId={tip._id} />}
      />
      <div className="dialog-actions">
        <button type="button" className="btn btn--gold" onClick={onClose}>
          Regresar
        </button>
      </div>
    </ModalDialog>
  );
}
