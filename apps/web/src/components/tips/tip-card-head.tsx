import { MATCH_STATUSES, UNKNOWN_STATUS_LABEL } from '@magotips/contracts/match-status';
import { tipState } from '@magotips/contracts/tip-state';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import type { ReactNode } from 'react';
import { formatMatchDate } from '../../lib/format-date';
import { useReaderTimeZone } from '../../lib/reader-zone';
import { statusModifier, tipTitle, type TipCardTip } from './tip-display';

/** A match alone (a pack's list of matches) in the words of a tip's state: Programado, En
 * juego, Finalizado. Without a bet to wait for, a match that is over is simply over. */
export function matchStateLabel(status: string | null | undefined): string {
  if (!MATCH_STATUSES.some((known) => known === status)) return UNKNOWN_STATUS_LABEL;
  return tipState({ status: status ?? '', noBet: true }).label;
}

/** The match's state as a coloured badge, where only the match is known (pack contents). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span className={`status-badge status-badge--${statusModifier(status)}`}>
      {matchStateLabel(status)}
    </span>
  );
}

/** The one state of a tip (the proof issue, item 7): "Programado", "En juego", "Pendiente de
 * resultado", "Ganado +1,4 u"… A result is never shown beside a match status. */
export function TipStateBadge({ tip }: { tip: TipCardTip }) {
  const state = tipState({
    status: tip.status ?? '',
    result: tip.result ?? undefined,
    profitUnits: tip.profitUnits ?? undefined,
    noBet: tip.noBet ?? undefined,
  });
  // A recorded result stands on its own; otherwise an unknown status says so, not a guess.
  const settled = !!tip.result && tip.result !== 'pendiente';
  const label =
    settled || MATCH_STATUSES.some((s) => s === tip.status) ? state.label : UNKNOWN_STATUS_LABEL;
  return <span className={`status-badge tip-state tip-state--${state.key}`}>{label}</span>;
}

/** The kick-off, machine-readable when the tip has one ('Fecha por confirmar' otherwise). */
export function MatchDate({ date }: { date: string | null | undefined }) {
  const text = formatMatchDate(date, useReaderTimeZone());
  return date ? <time dateTime={date}>{text}</time> : text;
}

type TipCardHeadProps = {
  tip: TipCardTip;
  titleId: string;
  headingLevel: 2 | 3 | 4;
  /** Beside the sport, top right: the status and result, or the VIP lock. */
  corner: ReactNode;
  /** After the date, on its line. */
  afterDate?: ReactNode;
};

/** What every tip card opens with, open or locked: sport, title and kick-off. */
export function TipCardHead({ tip, titleId, headingLevel, corner, afterDate }: TipCardHeadProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <>
      <div className="tip-card__top">
        <span
          className="tip-card__sport"
          role="img"
          aria-label={findSport(tip.icon)?.label ?? 'Deporte'}
        >
          {sportEmoji(tip.icon)}
        </span>
        {corner}
      </div>
      <Heading id={titleId} className="tip-card__title">
        {tipTitle(tip)}
      </Heading>
      <p className="tip-card__date">
        <MatchDate date={tip.matchDate} />
        {afterDate}
      </p>
    </>
  );
}
