import { findSport, sportEmoji } from '@magotips/contracts/sports';
import type { ReactNode } from 'react';
import { TipBetDetails } from './tip-bet-details';
import { MatchDate, StatusBadge } from './tip-card-head';
import { tipTitle, type TipCardTip } from './tip-display';

export const ANALYSIS_UNAVAILABLE = 'El análisis completo no está disponible.';

type TipDetailProps = {
  tip: TipCardTip;
  titleId: string;
  headingLevel: 1 | 2;
  /** Replaces the analysis, e.g. with the locked view of a premium tip. */
  children?: ReactNode;
};

/** Sport, title, date, status, the bet and the analysis: the tip modal and the /tip/{id} page
 * show the same. */
export function TipDetail({ tip, titleId, headingLevel, children }: TipDetailProps) {
  const Heading = `h${headingLevel}` as const;
  const sport = findSport(tip.icon);
  const analysis = tip.analisis?.trim();
  return (
    <div className="tip-detail">
      <div className="tip-detail__meta">
        <span className="tip-detail__sport">
          <span className="tip-card__sport" aria-hidden="true">
            {sportEmoji(tip.icon)}
          </span>
          <span>{sport?.label ?? 'Deporte'}</span>
        </span>
        <StatusBadge status={tip.status} />
      </div>
      <Heading id={titleId} className="tip-detail__title">
        {tipTitle(tip)}
      </Heading>
      <p className="tip-card__date">
        <MatchDate date={tip.matchDate} />
      </p>
      <TipBetDetails tip={tip} />
      {children ??
        (analysis ? (
          <div className="tip-detail__analysis">
            {/* The editor writes plain text; each blank-line-separated block is a paragraph. */}
            {analysis.split(/\n\s*\n/).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        ) : (
          <p className="tip-detail__analysis tip-detail__analysis--missing">
            {ANALYSIS_UNAVAILABLE}
          </p>
        ))}
    </div>
  );
}
