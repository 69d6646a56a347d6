import { MATCH_STATUSES, matchStatusLabel } from '@magotips/contracts/match-status';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { formatMatchDate } from '../../../lib/format-date';
import './tip-card.css';

export const DEFAULT_TIP_TITLE = 'Análisis del día';

/** Only what the card shows, loosely typed: previews, packs and VIP lists all feed it. */
export type TipCardTip = {
  _id: string;
  title?: string | null;
  icon?: string | null;
  matchDate?: string | null;
  status?: string | null;
};

/** `login` sends a visitor to sign in; `external` opens the tip's own page in a new tab. */
export type TipCardAction = 'login' | 'external';

type TipCardProps = {
  tip: TipCardTip;
  action: TipCardAction;
  headingLevel?: 2 | 3 | 4;
};

function statusModifier(status: string | null | undefined): string {
  return MATCH_STATUSES.find((known) => known === status) ?? 'desconocido';
}

export function TipCard({ tip, action, headingLevel = 3 }: TipCardProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const title = tip.title?.trim() || DEFAULT_TIP_TITLE;
  const Heading = `h${headingLevel}` as const;
  const cta = 'Leer análisis completo';

  return (
    <article className="tip-card" aria-labelledby={titleId}>
      <div className="tip-card__top">
        <span
          className="tip-card__sport"
          role="img"
          aria-label={findSport(tip.icon)?.label ?? 'Deporte'}
        >
          {sportEmoji(tip.icon)}
        </span>
        <span className={`status-badge status-badge--${statusModifier(tip.status)}`}>
          {matchStatusLabel(tip.status)}
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
        )}
      </p>
      {action === 'login' ? (
        <button
          type="button"
          className="btn btn--gold btn--block"
          aria-describedby={titleId}
          onClick={() => navigate('/login')}
        >
          {cta}
        </button>
      ) : (
        <a
          className="btn btn--gold btn--block"
          href={`/tip/${encodeURIComponent(tip._id)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={titleId}
        >
          {cta}
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </a>
      )}
    </article>
  );
}
