import { matchStatusLabel } from '@magotips/contracts/match-status';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import type { ReactNode } from 'react';
import { formatMatchDate } from '../../lib/format-date';
import { statusModifier, tipTitle, type TipCardTip } from './tip-display';

/** The match's status as a coloured badge ("Pendiente", "En progreso"…). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return (
    <span className={`status-badge status-badge--${statusModifier(status)}`}>
      {matchStatusLabel(status)}
    </span>
  );
}

/** The kick-off, machine-readable when the tip has one ('Fecha por confirmar' otherwise). */
export function MatchDate({ date }: { date: string | null | undefined }) {
  return date ? <time dateTime={date}>{formatMatchDate(date)}</time> : formatMatchDate(date);
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
