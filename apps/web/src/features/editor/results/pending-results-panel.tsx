import { NOTICE } from '@magotips/contracts/messages';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import type { TPendingResultsResponse } from '@magotips/contracts/track-record-schemas';
import type { SettledResult } from '@magotips/contracts/track-record';
import { useEffect, useId, useRef, useState } from 'react';
import { EmptyState, ErrorPanel, LoadingState } from '../../../components/ui/list-states';
import { formatMatchDate } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { usePendingResults } from '../api/get-pending-results';
import { useSettleTip } from '../api/settle-tip';
import { BetSummary } from '../components/bet-summary';
import { PanelFeedbackView, usePanelFeedback } from '../components/panel-feedback';
import { OutcomeButtons } from './outcome-buttons';
import { SettleDialog, type SettleExtras } from './settle-dialog';

type PendingTip = TPendingResultsResponse['tips'][number];

export const PENDING_EMPTY = 'No hay resultados pendientes.';

/**
 * Editor › Resultados: the started matches whose bet still waits for its result, oldest kick-off
 * first. One button per outcome opens the confirmation (SettleDialog: which tip, which result,
 * the optional closing odds); a settled row goes at once (the list is fetched again behind it),
 * and focus moves to the next row so a keyboard user can go on.
 */
export function PendingResultsPanel() {
  const list = usePendingResults();
  const settle = useSettleTip();
  const feedback = usePanelFeedback();
  // Rows settled here stay hidden even before the refetch answers.
  const [settled, setSettled] = useState<ReadonlySet<string>>(() => new Set());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rowRefs = useRef(new Map<string, HTMLElement>());
  const tips = (list.data?.tips ?? []).filter((tip) => !settled.has(tip._id));
  const [confirming, setConfirming] = useState<{ tip: PendingTip; result: SettledResult } | null>(
    null,
  );
  // Where focus goes once the dialog has closed (its own cleanup returns it to the opener first,
  // which a settled row no longer has): the next row's title, or the heading after the last.
  const [focusNext, setFocusNext] = useState<{ id: string | null } | null>(null);
  useEffect(() => {
    if (!focusNext || confirming) return;
    (focusNext.id ? rowRefs.current.get(focusNext.id) : headingRef.current)?.focus();
    setFocusNext(null);
  }, [focusNext, confirming]);

  function choose(tip: PendingTip, result: SettledResult) {
    feedback.clear();
    settle.reset();
    setConfirming({ tip, result });
  }

  function confirm(tip: PendingTip, result: SettledResult, extras: SettleExtras) {
    const next = tips[tips.findIndex((t) => t._id === tip._id) + 1];
    settle.mutate(
      { id: tip._id, result, ...extras },
      {
        onSuccess: () => {
          setSettled((previous) => new Set(previous).add(tip._id));
          feedback.announce(NOTICE.tipSettled);
          setConfirming(null);
          setFocusNext({ id: next?._id ?? null });
        },
        // The dialog stays open and shows the server's reason (settle.error).
      },
    );
  }

  const count = list.data ? tips.length : null;
  return (
    <section className="editor-panel" aria-labelledby="pending-results-title">
      <div className="editor-panel__head">
        <div>
          <h2
            id="pending-results-title"
            ref={headingRef}
            tabIndex={-1}
            className="editor-panel__title"
          >
            Resultados pendientes
          </h2>
          {count ? (
            <p className="editor-panel__count">
              {count === 1 ? '1 tip por resolver' : `${count} tips por resolver`}, el más antiguo
              primero
            </p>
          ) : null}
        </div>
      </div>
      <PanelFeedbackView feedback={feedback} />

      {list.status === 'pending' ? (
        <LoadingState text="Cargando resultados pendientes..." />
      ) : list.status === 'error' ? (
        <ErrorPanel
          title="Error al cargar los resultados pendientes"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : tips.length === 0 ? (
        <EmptyState>
          <p>{PENDING_EMPTY}</p>
        </EmptyState>
      ) : (
        <ul className="editor-list">
          {tips.map((tip) => (
            <PendingRow
              key={tip._id}
              tip={tip}
              busy={settle.isPending && settle.variables?.id === tip._id}
              rowRef={(element) => {
                if (element) rowRefs.current.set(tip._id, element);
                else rowRefs.current.delete(tip._id);
              }}
              onChoose={(result) => choose(tip, result)}
            />
          ))}
        </ul>
      )}
      {confirming ? (
        <SettleDialog
          tip={{ ...confirming.tip, result: 'pendiente' }}
          result={confirming.result}
          busy={settle.isPending}
          error={settle.error}
          onConfirm={(extras) => confirm(confirming.tip, confirming.result, extras)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}

type PendingRowProps = {
  tip: PendingTip;
  busy: boolean;
  rowRef: (element: HTMLElement | null) => void;
  onChoose: (result: SettledResult) => void;
};

function PendingRow({ tip, busy, rowRef, onChoose }: PendingRowProps) {
  const timeZone = useReaderTimeZone();
  const titleId = useId();
  return (
    <li className="editor-item pending-item">
      <span className="editor-item__icon" aria-hidden="true">
        {sportEmoji(tip.icon)}
      </span>
      <div className="editor-item__body">
        {/* Focus lands on the next row's title after a settle: it says where the reader is. */}
        <h3 id={titleId} ref={rowRef} tabIndex={-1} className="editor-item__title">
          {tip.title}
        </h3>
        <p className="editor-item__meta">
          {findSport(tip.icon)?.label ?? 'Deporte'} ·{' '}
          <time dateTime={tip.matchDate}>{formatMatchDate(tip.matchDate, timeZone)}</time> ·{' '}
          {tip.category === 'premium' ? 'VIP' : 'Gratis'}
        </p>
        <BetSummary pick={tip.pick} odds={tip.odds} stake={tip.stake} />
      </div>
      <div className="editor-item__actions">
        <OutcomeButtons title={tip.title} busy={busy} onChoose={onChoose} />
      </div>
    </li>
  );
}
