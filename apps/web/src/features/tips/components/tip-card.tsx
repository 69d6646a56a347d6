import { matchStatusLabel } from '@magotips/contracts/match-status';
import { withNext } from '@magotips/contracts/next-path';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMatchDate } from '../../../lib/format-date';
import { isSettled, PublishedLate, TipBetLine, type TipBetFields } from './tip-bet';
import { DEFAULT_TIP_TITLE, statusModifier } from './tip-display';
import './tip-card.css';

// Still exported from the card, where it was first published; it lives in tip-display.ts so the
// modal can use it without an import cycle.
export { DEFAULT_TIP_TITLE };

// The visitor landing never opens the modal: its code loads with the first card that does.
const TipModal = lazy(() => import('./tip-modal'));
// Likewise the result badge, with the track record's contracts it brings: only a settled tip
// shows one, and the landing's JavaScript has a 120 KB budget.
const ResultBadge = lazy(() =>
  import('../../../components/track-record/result-badge').then((module) => ({
    default: module.ResultBadge,
  })),
);

/** Only what the card shows, loosely typed: previews, packs and VIP lists all feed it. */
export type TipCardTip = TipBetFields & {
  _id: string;
  title?: string | null;
  icon?: string | null;
  matchDate?: string | null;
  status?: string | null;
  /** Present only where the reader is entitled to it (free and VIP feeds, the tip page). */
  analisis?: string | null;
};

/** `login` sends a visitor to sign in and back to this tip's page; `external` opens the tip's own page in a new tab;
 * `modal` shows the full analysis in an overlay on the same page. */
export type TipCardAction = 'login' | 'external' | 'modal';

type TipCardProps = {
  tip: TipCardTip;
  action: TipCardAction;
  headingLevel?: 2 | 3 | 4;
};

export function TipCard({ tip, action, headingLevel = 3 }: TipCardProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
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
        <span className="tip-card__badges">
          <span className={`status-badge status-badge--${statusModifier(tip.status)}`}>
            {matchStatusLabel(tip.status)}
          </span>
          {isSettled(tip.result) ? (
            <Suspense fallback={null}>
              <ResultBadge result={tip.result} />
            </Suspense>
          ) : null}
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
      <TipBetLine tip={tip} />
      <PublishedLate late={tip.publishedLate} />
      {action === 'external' ? null : (
        <button
          type="button"
          className="btn btn--gold btn--block"
          aria-describedby={titleId}
          aria-haspopup={action === 'modal' ? 'dialog' : undefined}
          onClick={() =>
            action === 'modal'
              ? setOpen(true)
              : navigate(withNext('/login', `/tip/${encodeURIComponent(tip._id)}`))
          }
        >
          {cta}
        </button>
      )}
      {action !== 'external' ? null : (
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
      {open ? (
        <Suspense fallback={null}>
          <TipModal tip={tip} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}
