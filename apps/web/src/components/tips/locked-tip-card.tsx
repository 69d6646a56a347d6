import { useId } from 'react';
import { Link } from 'react-router';
import { usePause } from '../../lib/session/pause-state';
import { TipCardHead, TipStateBadge } from './tip-card-head';
import type { TipCardTip } from './tip-display';

export const UNLOCK_LABEL = 'Desbloquear';
/** Where "Desbloquear" leads: the tip's own page, which offers every way to it, cheapest first
 * (issue 31 item 5, decision 0109). */
export const unlockTarget = (tipId: string) => `/tip/${encodeURIComponent(tipId)}`;
/** The blurred line of a teaser. Decorative and hidden from assistive technology: it stands
 * where the analysis would be, and the server never sends the analysis to this reader. */
export const TEASER_PLACEHOLDER =
  'Pronóstico, cuota recomendada y stake del mago para este partido, explicados paso a paso.';

type LockedTipCardProps = {
  tip: TipCardTip;
  headingLevel?: 3 | 4;
};

/** A VIP tip the reader may not open yet (decision 0031): the match, the kick-off, a blurred
 * stand-in for the analysis and a way to unlock it. */
export function LockedTipCard({ tip, headingLevel = 3 }: LockedTipCardProps) {
  const titleId = useId();
  // Decision 0116: no way to buy is offered to a paused reader.
  const paused = usePause() !== null;
  return (
    <article className="tip-card tip-card--locked" aria-labelledby={titleId}>
      <TipCardHead
        tip={tip}
        titleId={titleId}
        headingLevel={headingLevel}
        corner={
          <span className="tip-card__lock">
            <span aria-hidden="true">🔒</span> VIP
          </span>
        }
        afterDate={
          <>
            {' '}
            <TipStateBadge tip={tip} />
          </>
        }
      />
      <p className="tip-card__blur" aria-hidden="true">
        {TEASER_PLACEHOLDER}
      </p>
      {paused ? null : (
        <Link
          className="btn btn--gold btn--block"
          to={unlockTarget(tip._id)}
          aria-describedby={titleId}
        >
          <span aria-hidden="true">🔓 </span>
          {UNLOCK_LABEL}
        </Link>
      )}
    </article>
  );
}
