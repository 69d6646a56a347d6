import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import { useTrialEligibility } from '../api/trial-eligibility';

export const TRIAL_CHECKING = 'Comprobando tu prueba gratuita...';
export const TRIAL_CHECK_FAILED =
  'No pudimos comprobar si tienes prueba gratuita: el proveedor de pagos te mostrará el importe antes de pagar.';

/** Before paying, what the checkout will do with the plan's free trial (decision 0098): start
 * it, or charge today because this person already had one. Nothing for a plan without one. */
export function TrialOffer({
  trialDays,
  price,
  recurring,
}: {
  trialDays: number;
  price: number;
  recurring: boolean;
}) {
  const offered = trialDays > 0 && recurring;
  const eligibility = useTrialEligibility(offered);
  if (!offered) return null;
  // One box in every state, so the answer replaces the wait without moving the page.
  const text =
    eligibility.status === 'pending'
      ? TRIAL_CHECKING
      : eligibility.status === 'error'
        ? TRIAL_CHECK_FAILED
        : eligibility.data.eligible
          ? TRIAL_TEXT.offer(trialDays, price)
          : eligibility.data.reason === 'running'
            ? TRIAL_TEXT.running
            : TRIAL_TEXT.alreadyUsed;
  return (
    <p className="pay-alert pay-alert--info purchase-trial" role="status">
      {text}
    </p>
  );
}
