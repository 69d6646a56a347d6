import { findSport, sportEmoji } from '@magotips/contracts/sports';
import type { ReactNode } from 'react';
import { TipBetDetails } from './tip-bet-details';
import { MatchDate, TipStateBadge } from './tip-card-head';
import { tipTitle, type TipCardTip } from './tip-display';
import { TipProof } from './tip-proof';

export const ANALYSIS_UNAVAILABLE = 'El análisis completo no está disponible.';

type TipDetailProps = {
  tip: TipCardTip;
  titleId: string;
  headingLevel: 1 | 2;
  /** Replaces the analysis, e.g. with the locked view of a premium tip. */
  children?: ReactNode;
  /** After the analysis: the tip's public history of changes. */
  history?: ReactNode;
};

/** Sport, title, kick-off, state, the publication and its lock, the bet, the analysis and the
 * history: the tip modal and the /tip/{id} page show the same. */
export function TipDetail({ tip, titleId, headingLevel, children, history }: TipDetailProps) {
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
        <TipStateBadge tip={tip} />
      </div>
      <Heading id={titleId} className="tip-detail__title">
        {tipTitle(tip)}
      </Heading>
      <p className="tip-detail__kickoff">
        Inicio del partido: <MatchDate date={tip.matchDate} />
      </p>
      <TipProof tip={tip} />
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
      {history}
    </div>
  );
}
