import { matchStatusLabel } from '@magotips/contracts/match-status';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatMatchDate } from '../../../lib/format-date';
import type { TipCardTip } from './tip-card';
import { DEFAULT_TIP_TITLE, statusModifier } from './tip-display';

export const UNLOCK_LABEL = 'Desbloquear';
/** Where "Desbloquear" leads: the plans (a pack is one tab away, the panel says so). */
export const UNLOCK_TARGET = '/subscription';
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
  const title = tip.title?.trim() || DEFAULT_TIP_TITLE;
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="tip-card tip-card--locked" aria-labelledby={titleId}>
      <div className="tip-card__top">
        <span
          className="tip-card__sport"
          role="img"
          aria-label={findSport(tip.icon)?.label ?? 'Deporte'}
        >
          {sportEmoji(tip.icon)}
        </span>
        <span className="tip-card__lock">
          <span aria-hidden="true">🔒</span> VIP
        </span>
      </div>
      <Heading id={titleId} className="tip-card__title">
        {title}
      </Heading>
      <p className="tip-card__date">
        {tip.matchDate ? (
          <time dateTime={tip.matchDate}>{formatMatchDate(tip.matchDate)}</time>
        ) : (
          formatMatchDate(tip.matchDate)
        )}{' '}
        <span className={`status-badge status-badge--${statusModifier(tip.status)}`}>
          {matchStatusLabel(tip.status)}
        </span>
      </p>
      <p className="tip-card__blur" aria-hidden="true">
        {TEASER_PLACEHOLDER}
      </p>
      <Link className="btn btn--gold btn--block" to={UNLOCK_TARGET} aria-describedby={titleId}>
        <span aria-hidden="true">🔓 </span>
        {UNLOCK_LABEL}
      </Link>
    </article>
  );
}
