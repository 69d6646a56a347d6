import { withNext } from '@magotips/contracts/next-path';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { isSettled, PublishedLate, TipBetLine } from './tip-bet';
import { StatusBadge, TipCardHead } from './tip-card-head';
import type { TipCardTip } from './tip-display';
import './tip-card.css';

// The visitor landing never opens the modal: its code loads with the first card that does.
const TipModal = lazy(() => import('./tip-modal'));
// Likewise the result badge, with the track record's contracts it brings: only a settled tip
// shows one, and the landing's JavaScript has a 120 KB budget.
const ResultBadge = lazy(() =>
  import('../track-record/result-badge').then((module) => ({
    default: module.ResultBadge,
  })),
);

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
  const cta = 'Leer análisis completo';

  return (
    <article className="tip-card" aria-labelledby={titleId}>
      <TipCardHead
        tip={tip}
        titleId={titleId}
        headingLevel={headingLevel}
        corner={
          <span className="tip-card__badges">
            <StatusBadge status={tip.status} />
            {isSettled(tip.result) ? (
              <Suspense fallback={null}>
                <ResultBadge result={tip.result} />
              </Suspense>
            ) : null}
          </span>
        }
      />
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
