import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import type { TSessionUser } from '../../../lib/session/session-user';

/** While a free trial runs (decision 0098): until when, and what will be charged then, or that
 * nothing will be once the renewal is cancelled. Nothing outside a trial. */
export function TrialLine({ subscription }: { subscription: TSessionUser['subscription'] }) {
  // A day on the reader's calendar: no zone label (decision 0114).
  const timeZone = useReaderTimeZone();
  const endsAt = subscription?.trialEndsAt ? new Date(subscription.trialEndsAt) : null;
  if (!subscription?.hasActiveSubscription || !endsAt || Number.isNaN(endsAt.getTime()))
    return null;
  const date = dateInZoneText(endsAt, timeZone);
  const amount = subscription.trialThenAmount;
  return (
    <div className="account-notice account-notice--info trial-line">
      <p className="account-notice__title">{TRIAL_TEXT.until(date)}</p>
      <p>
        {!subscription.isRecurring
          ? TRIAL_TEXT.cancelled(date)
          : typeof amount === 'number'
            ? TRIAL_TEXT.thenCharged(amount, date)
            : null}
      </p>
    </div>
  );
}
