import { useEffect, useState } from 'react';
import { usePause } from '../../lib/session/pause-state';
import { useSession } from '../../lib/session/session-context';
import { readStored, writeStored } from '../../lib/storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { AlertsOffer } from './alerts-offer';

// Decision 0107: where the offer appears. After every verified payment; and on a subscriber's
// first visit to Tips VIP, known per account on this device by a stored flag that any showing of
// the offer sets (so a new subscriber who saw it on the success page is not asked again there).

const seenKey = (userId: string) => `${STORAGE_KEYS.alertsOfferSeen}:${userId}`;

/** Sets the flag once the offer is on screen. */
function useMarkSeen(userId: string | null, shown: boolean) {
  useEffect(() => {
    if (userId && shown) writeStored(seenKey(userId), 'true');
  }, [userId, shown]);
}

/** The payment success page's offer, under a verified pack or subscription. */
export function PaymentAlertsOffer() {
  const { user } = useSession();
  const [dismissed, setDismissed] = useState(false);
  // Decision 0116: a paused reader gets no alerts, so no offer of them either.
  const paused = usePause() !== null;
  const shown = user !== null && !dismissed && !paused;
  useMarkSeen(user?._id ?? null, shown);
  if (!shown) return null;
  return (
    <div className="alerts-offer-slot alerts-offer-slot--payment">
      <AlertsOffer headingLevel={2} onDismiss={() => setDismissed(true)} />
    </div>
  );
}

/** Tips VIP's offer, for a subscriber who has not been shown it on this device. It stays for the
 * rest of this visit (switching tabs keeps it) unless dismissed. */
export function VipAlertsOffer() {
  const { user } = useSession();
  const userId = user?._id ?? null;
  const subscriber = user?.subscription?.hasActiveSubscription === true;
  // Read once: the flag this very showing sets must not hide it again.
  const [seenBefore] = useState(() => userId !== null && readStored(seenKey(userId)) === 'true');
  const [dismissed, setDismissed] = useState(false);
  const paused = usePause() !== null;
  const shown = subscriber && !seenBefore && !dismissed && !paused;
  useMarkSeen(userId, shown);
  if (!shown) return null;
  return (
    <div className="alerts-offer-slot alerts-offer-slot--vip">
      <AlertsOffer headingLevel={3} onDismiss={() => setDismissed(true)} />
    </div>
  );
}
