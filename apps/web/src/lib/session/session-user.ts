// The stored user as far as the client relies on it. Sign-in, renewal and the start-up check
// all answer with the full contract user (TUser of @magotips/contracts/users), which fits this
// shape; the optional fields cover a user stored by an older build until the start-up check
// replaces it. A hand-written guard rather than a Zod schema: the session is read before the
// first paint, and Zod is kept out of the landing's entry bundle.

export type TSessionUser = {
  _id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  dateOfBirth?: string;
  roles: { name: string; assignedBy?: string | null }[];
  subscription?: {
    hasActiveSubscription: boolean;
    plan?: string;
    endDate?: string | null;
    isRecurring?: boolean;
    /** The plan bought (decision 0029): shown instead of the label of `plan`. */
    planKey?: string | null;
    planName?: string | null;
    durationMonths?: number | null;
    /** What can renew it (contracts SUBSCRIPTION_SOURCES): 'gift' and 'one_off' cannot. */
    source?: string | null;
    /** When the card is charged next; not `endDate` while the provider has yet to follow a gift
     * (decision 0086). Null when nothing renews it. */
    nextChargeDate?: string | null;
    /** A failed renewal the provider retries (decision 0095): "Pago pendiente". */
    paymentPending?: boolean;
    /** The provider's next attempt at that charge. */
    nextPaymentAttempt?: string | null;
    /** What it grants (decision 0097). */
    grantsAllVipTips?: boolean;
    includesPacks?: boolean;
    /** While a free trial runs (decision 0098): its end and what is charged then (USD). */
    trialEndsAt?: string | null;
    trialThenAmount?: number | null;
    /** What the next charge will be (USD), a plan change's adjustment included (decision 0100). */
    nextChargeAmount?: number | null;
  };
  socialLogin?: { google: boolean };
  /** Issue 32 item 1 (decision 0114): contracts' country code and the reader's IANA zone. */
  country?: string;
  timeZone?: string;
  /** Issue 32 item 3 (decision 0116): `pausedUntil` null while `paused` means indefinite. */
  paused?: boolean;
  pausedAt?: string | null;
  pausedUntil?: string | null;
  pauseLiftableFrom?: string | null;
  [key: string]: unknown;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isSessionUser(value: unknown): value is TSessionUser {
  if (!isRecord(value)) return false;
  if (typeof value._id !== 'string' || value._id === '') return false;
  if (typeof value.email !== 'string') return false;
  if (!Array.isArray(value.roles)) return false;
  if (!value.roles.every((role) => isRecord(role) && typeof role.name === 'string')) return false;
  const { subscription } = value;
  return (
    subscription === undefined ||
    (isRecord(subscription) && typeof subscription.hasActiveSubscription === 'boolean')
  );
}

/** "Ana García", or the e-mail when the stored user has no name. */
export function displayName(user: TSessionUser): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.email;
}
