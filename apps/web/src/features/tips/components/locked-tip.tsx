import { withNext } from '@magotips/contracts/next-path';
import type { TTipLockedResponse } from '@magotips/contracts/tips';
import { Link } from 'react-router';
import { PauseRefusal } from '../../../components/session/pause-refusal';
import { usePause } from '../../../lib/session/pause';
import { useTipOffers } from '../api/get-tip-offers';
import { TipOffers } from './tip-offers';

type LockedTipProps = {
  tipId: string;
  /** The server's explanation of the lock. */
  message: string;
  packs: TTipLockedResponse['packs'];
  viewerId: string | null;
};

export const LOCKED_FALLBACK =
  'Hazte VIP con una suscripción mensual o compra un pack que incluya este partido.';
export const SIGNED_OUT_VIP_TEXT =
  'Este análisis es VIP. Si ya eres suscriptor, inicia sesión y vuelves aquí; si no, hazte VIP para leer todos los tips VIP.';
/** The id the teaser's "Desbloquear" and the offers' heading share (decision 0109). */
export const UNLOCK_SECTION_ID = 'desbloquear';

/** A premium tip the reader may not open yet. A visitor (a shared link, signed out): sign in and
 * come back here, or become VIP. A signed-in reader: every way to it, cheapest first. */
export function LockedTip({ tipId, message, packs, viewerId }: LockedTipProps) {
  const signedIn = viewerId !== null;
  // Decision 0116: a paused reader is offered no way to buy it, only told why.
  const pause = usePause();
  const offers = useTipOffers(tipId, signedIn && pause === null);

  if (!signedIn) {
    return (
      <div className="tip-locked">
        <p className="tip-locked__badge">
          <span aria-hidden="true">🔒</span> Análisis VIP
        </p>
        <p className="tip-locked__message">{SIGNED_OUT_VIP_TEXT}</p>
        <div className="tip-page__actions">
          <Link className="btn btn--gold" to={withNext('/login', `/tip/${tipId}`)}>
            Inicia sesión
          </Link>
          {/* /subscription asks a visitor to sign in first and then shows the plans. */}
          <Link className="btn btn--outline" to="/subscription">
            Hazte VIP
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="tip-locked">
      <p className="tip-locked__badge">
        <span aria-hidden="true">🔒</span> Análisis VIP
      </p>
      <p className="tip-locked__message">{message.trim() || LOCKED_FALLBACK}</p>
      {pause ? (
        <PauseRefusal pause={pause} />
      ) : (
        <TipOffers
          // Until the offers arrive (or if they fail) the 403's own packs and the plans page stand
          // in, so the way to buy is never missing.
          offers={offers.status === 'success' ? offers.data : null}
          fallbackPacks={packs}
          viewerId={viewerId}
          headingId={UNLOCK_SECTION_ID}
        />
      )}
    </div>
  );
}
