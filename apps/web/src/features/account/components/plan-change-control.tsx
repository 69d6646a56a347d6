import { PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { useSession } from '../../../lib/session/session-context';
import { usePause } from '../../../lib/session/pause';
import { PauseRefusal } from '../../../components/session/pause-refusal';
import type { CurrentSubscription } from '../plan-change-options';
import { PlanChangeDialog } from './plan-change-dialog';

/** "Cambiar de plan" and, after a change, its outcome; the answer's user replaces the stored
 * one (as renewal cancel/resume does), so the card shows the new plan at once. */
export function PlanChangeControl({ subscription }: { subscription: CurrentSubscription }) {
  const { token, setSession } = useSession();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<{ message: string; at: number } | null>(null);
  // Decision 0116: no plan change while paused (409 PAUSED); the refusal stands in its place.
  const pause = usePause();
  if (pause) return <PauseRefusal pause={pause} className="account-plan-change" />;
  return (
    <div className="account-plan-change">
      {done ? (
        <FormAlert tone="success" focus key={done.at}>
          {done.message}
        </FormAlert>
      ) : null}
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => {
          setDone(null);
          setOpen(true);
        }}
      >
        {PLAN_CHANGE_TEXT.open}
      </button>
      {open ? (
        <PlanChangeDialog
          subscription={subscription}
          onClose={() => setOpen(false)}
          onDone={(message, user) => {
            if (token) setSession(user, token);
            setOpen(false);
            setDone({ message, at: Date.now() });
          }}
        />
      ) : null}
    </div>
  );
}
