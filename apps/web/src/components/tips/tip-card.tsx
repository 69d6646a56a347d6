import { withNext } from '@magotips/contracts/next-path';
import { lazy, Suspense, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PublishedLate, TipBetLine } from './tip-bet';
import { TipCardHead, TipStateBadge } from './tip-card-head';
import type { TipCardTip } from './tip-display';
import './tip-card.css';

// The visitor landing never opens the modal: its code loads with the first card that does.
const TipModal = lazy(() => import('./tip-modal'));

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
        corner={<TipStateBadge tip={tip} />}
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
