import { useId, useRef, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useSession } from '../../../lib/session/session-context';
import { pauseOf } from '../../../lib/session/pause-state';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { type RenewalAction, useSetRenewal } from '../api/set-renewal';
import { CallError } from '../../../components/form/call-error';

const RENEWAL_FAILED = 'No pudimos cambiar la renovación automática. Intenta nuevamente.';

type RenewalControlsProps = {
  recurring: boolean;
  /** The end date as shown on the card, for the confirmation's wording. */
  endDate: string | null;
};

/** Cancel (after a confirmation) or resume automatic renewal; the answer's user replaces the
 * stored one, so the card, the header and the VIP tabs all agree at once. */
export function RenewalControls({ recurring, endDate }: RenewalControlsProps) {
  const { token, user, setSession } = useSession();
  const call = useSetRenewal();
  // A pause cancelled the renewal and refuses resuming it (409 PAUSED): no button to offer.
  const paused = pauseOf(user) !== null;
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();
  const detailId = useId();
  const keepRef = useRef<HTMLButtonElement>(null);

  function run(action: RenewalAction) {
    call.mutate(action, {
      onSuccess: ({ user }) => {
        if (token) setSession(user, token);
      },
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <div className="account-renewal">
      <CallError call={call} fallback={RENEWAL_FAILED} />
      {call.isSuccess ? (
        <FormAlert tone="success" focus key={call.submittedAt}>
          {call.data.message}
        </FormAlert>
      ) : null}
      {recurring ? (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => setConfirming(true)}
          disabled={call.isPending}
        >
          Cancelar renovación automática
        </button>
      ) : paused ? null : (
        <button
          type="button"
          className="btn btn--gold"
          onClick={() => run('resume')}
          disabled={call.isPending}
        >
          {call.isPending ? 'Reactivando...' : 'Reactivar renovación automática'}
        </button>
      )}
      {confirming ? (
        <ModalDialog
          role="alertdialog"
          labelledBy={titleId}
          describedBy={detailId}
          onClose={() => {
            if (!call.isPending) setConfirming(false);
          }}
          initialFocusRef={keepRef}
          className="dialog-box--narrow account-confirm"
        >
          <h2 id={titleId} className="account-confirm__question">
            ¿Cancelar la renovación automática?
          </h2>
          <p id={detailId} className="account-confirm__detail">
            No se te volverá a cobrar. Conservarás el acceso VIP hasta el final del periodo pagado
            {endDate ? ` (${endDate})` : ''}; después tu suscripción terminará.
          </p>
          <div className="dialog-actions">
            <button
              ref={keepRef}
              type="button"
              className="btn btn--outline"
              onClick={() => setConfirming(false)}
              disabled={call.isPending}
            >
              Mantener renovación
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => run('cancel')}
              disabled={call.isPending}
            >
              {call.isPending ? 'Cancelando...' : 'Sí, cancelar renovación'}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}
