import { findSport } from '@magotips/contracts/sports';
import { RESULT_LABELS } from '@magotips/contracts/track-record';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CATEGORY_LABELS,
  type Entry,
  FIELD_LABELS,
  formatKickOff,
  formatLedgerOdds,
} from '../ledger-format';
import { HashText } from './hash-text';
import { useReaderTimeZone } from '../../../lib/reader-zone';

type Bet = { pick: string; odds: string; stake: number; bookmaker: string | null };
type TipValues = Extract<Entry, { kind: 'publish' }>['values'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="lg-values__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function BetText({ bet }: { bet: Bet }) {
  return (
    <>
      <strong className="lg-pick">{bet.pick}</strong> @ {formatLedgerOdds(bet.odds)} · {bet.stake} u
      {bet.bookmaker ? ` · ${bet.bookmaker}` : ''}
    </>
  );
}

/** A tip's public state: the match, and its bet in the clear, committed or absent. */
function TipState({ values }: { values: TipValues }) {
  const timeZone = useReaderTimeZone();
  const sport = findSport(values.sport);
  const bet = values.bet;
  return (
    <>
      <Row label="Partido">{values.title}</Row>
      <Row label="Deporte">{sport?.label ?? values.sport}</Row>
      <Row label="Inicio">
        <time dateTime={values.matchDate}>{formatKickOff(values.matchDate, timeZone)}</time>
      </Row>
      <Row label="Categoría">{CATEGORY_LABELS[values.category]}</Row>
      <Row label="Apuesta">
        {bet === null ? (
          'Análisis sin apuesta'
        ) : 'commitment' in bet ? (
          <>
            Comprometida: solo su huella, hasta el inicio{' '}
            <HashText label="Compromiso" value={bet.commitment} />
          </>
        ) : (
          <BetText bet={bet} />
        )}
      </Row>
    </>
  );
}

/** The values of one entry, readable: what a reader checks against the tip's page. */
export function EntryValues({ entry, tipHref }: { entry: Entry; tipHref: string }) {
  const timeZone = useReaderTimeZone();
  switch (entry.kind) {
    case 'publish':
      return (
        <dl className="lg-values">
          <TipState values={entry.values} />
        </dl>
      );
    case 'change':
      return (
        <dl className="lg-values">
          <Row label="Cambia">
            {entry.values.fields.map((f) => FIELD_LABELS[f] ?? f).join(', ') || '—'}
          </Row>
          <TipState values={entry.values} />
        </dl>
      );
    case 'withdraw':
      return (
        <dl className="lg-values">
          <Row label="Motivo">
            {entry.values.reason === 'deleted'
              ? 'Borrado antes del inicio: su apuesta no cuenta'
              : 'Ocultado antes del inicio: su apuesta no cuenta'}
          </Row>
        </dl>
      );
    case 'kickoff':
      return (
        <dl className="lg-values">
          <Row label="Inicio">
            <time dateTime={entry.values.matchDate}>
              {formatKickOff(entry.values.matchDate, timeZone)}
            </time>
          </Row>
        </dl>
      );
    case 'reveal':
      return (
        <dl className="lg-values">
          <Row label="Apuesta">
            <BetText bet={entry.values.bet} />
          </Row>
          <Row label="Sal">
            <HashText label="Sal" value={entry.values.salt} />
          </Row>
          <Row label="Abre">
            <Link to={`${tipHref}#seq-${entry.values.commitSeq}`}>
              el compromiso de la entrada #{entry.values.commitSeq}
            </Link>
          </Row>
        </dl>
      );
    case 'result':
      return (
        <dl className="lg-values">
          <Row label="Resultado">{RESULT_LABELS[entry.values.result]}</Row>
          {entry.values.closingOdds ? (
            <Row label="Cuota de cierre">{formatLedgerOdds(entry.values.closingOdds)}</Row>
          ) : null}
        </dl>
      );
    case 'correction':
      return (
        <dl className="lg-values">
          <Row label="Resultado">
            {RESULT_LABELS[entry.values.previous]} → {RESULT_LABELS[entry.values.result]}
          </Row>
          <Row label="Motivo">{entry.values.reason}</Row>
          {entry.values.closingOdds ? (
            <Row label="Cuota de cierre">{formatLedgerOdds(entry.values.closingOdds)}</Row>
          ) : null}
        </dl>
      );
  }
}
