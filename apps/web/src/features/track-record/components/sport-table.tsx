import { findSport } from '@magotips/contracts/sports';
import type { TTrackRecord } from '@magotips/contracts/track-record-schemas';
import { formatCount, formatPercent, formatUnits } from '../../../lib/format-track-record';
import { profitTone } from './profit-tone';

type SportRow = TTrackRecord['bySport'][number];

function SportName({ row }: { row: SportRow }) {
  const sport = findSport(row.sport);
  return (
    <>
      <span aria-hidden="true">{sport?.emoji} </span>
      {sport?.label ?? row.sport}
    </>
  );
}

/** The record sport by sport, the most settled first: a table on a wide screen, one card per
 * sport on a phone (six columns do not fit 390 px without clipping or scrolling). The stylesheet
 * shows one of the two; the other is display: none, out of the accessibility tree too. */
export function SportTable({ sports }: { sports: readonly SportRow[] }) {
  const rows = [...sports].sort((a, b) => b.settled - a.settled);
  return (
    <>
      <div className="tr-table-box tr-wide-only">
        <table className="tr-table">
          <caption>Resultados por deporte</caption>
          <thead>
            <tr>
              <th scope="col">Deporte</th>
              <th scope="col">Tips</th>
              <th scope="col">Beneficio</th>
              <th scope="col">Apostado</th>
              <th scope="col">Yield</th>
              <th scope="col">Acierto</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.sport}>
                <th scope="row">
                  <SportName row={row} />
                </th>
                <td>{formatCount(row.settled)}</td>
                <td className={profitTone(row.profitUnits)}>{formatUnits(row.profitUnits)}</td>
                <td>{formatCount(row.stakedUnits)} u</td>
                <td>{formatPercent(row.yield)}</td>
                <td>{formatPercent(row.hitRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="tr-cards tr-narrow-only" aria-label="Resultados por deporte">
        {rows.map((row) => (
          <li key={row.sport} className="tr-card">
            <h3 className="tr-card__title">
              <SportName row={row} />
            </h3>
            <dl className="tr-card__figures">
              <div>
                <dt>Beneficio</dt>
                <dd className={profitTone(row.profitUnits)}>{formatUnits(row.profitUnits)}</dd>
              </div>
              <div>
                <dt>Yield</dt>
                <dd>{formatPercent(row.yield)}</dd>
              </div>
              <div>
                <dt>Acierto</dt>
                <dd>{formatPercent(row.hitRate)}</dd>
              </div>
              <div>
                <dt>Tips</dt>
                <dd>{formatCount(row.settled)}</dd>
              </div>
              <div>
                <dt>Apostado</dt>
                <dd>{formatCount(row.stakedUnits)} u</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
