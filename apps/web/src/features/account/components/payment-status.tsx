import { BILLING_MSG } from '@magotips/contracts/billing';
import { errorText } from '../../../lib/error-text';
import type { TSessionUser } from '../../../lib/session/session-user';
import { FormAlert } from '../../../components/form/form-alert';
import { useBillingPortal } from '../api/billing-portal';
import { formatDateTime } from '../format';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import './payment-status.css';

type PaymentStatusProps = {
  user: TSessionUser;
  /** Leaves for the portal (a full page load: it is another site, or the API's own page). */
  navigate?: (url: string) => void;
};

const leave = (url: string) => window.location.assign(url);

/** Whether the subscription has a card a portal can manage: one a provider renews, still giving
 * access, renewing, or waiting on a failed charge. */
export function hasBillingAccount(user: TSessionUser): boolean {
  const sub = user.subscription;
  if (!sub || sub.source !== 'subscription') return false;
  return sub.hasActiveSubscription || sub.paymentPending === true || sub.isRecurring === true;
}

/** "Pago pendiente" while the provider retries a failed renewal (decision 0095), and "Gestionar
 * pago", which opens the billing portal (decision 0096). A failed call says so in Spanish and
 * offers the retry; nothing is left half-done, as the server stores nothing for it. */
export function PaymentStatus({ user, navigate = leave }: PaymentStatusProps) {
  const portal = useBillingPortal();
  const timeZone = useReaderTimeZone();
  if (!hasBillingAccount(user)) return null;
  const sub = user.subscription;
  const nextAttempt = formatDateTime(sub?.nextPaymentAttempt, timeZone);
  const open = () => portal.mutate(undefined, { onSuccess: ({ url }) => navigate(url) });
  // Stays "Abriendo..." from the answer until the page is left.
  const busy = portal.isPending || portal.isSuccess;

  return (
    <div className="payment-status">
      {sub?.paymentPending ? (
        <div className="account-notice account-notice--warning" role="status">
          <p className="account-notice__title">{BILLING_MSG.paymentPending}</p>
          <p>{BILLING_MSG.pendingDetail(nextAttempt)}</p>
        </div>
      ) : null}
      {portal.isError ? (
        <FormAlert tone="error" focus key={portal.submittedAt}>
          <p className="payment-status__error">
            {errorText(portal.error, BILLING_MSG.portalFailed)}
          </p>
          <button type="button" className="btn btn--outline btn--small" onClick={open}>
            {BILLING_MSG.retry}
          </button>
        </FormAlert>
      ) : null}
      <button
        type="button"
        className={sub?.paymentPending ? 'btn btn--gold' : 'btn btn--outline'}
        onClick={open}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? BILLING_MSG.opening : BILLING_MSG.managePayment}
      </button>
    </div>
  );
}
