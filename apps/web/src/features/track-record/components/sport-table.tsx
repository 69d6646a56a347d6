import { findSport } from '@magotips/contracts/sports';
import type { TTrackRecord } from '@magotips/contracts/track-record-schemas';
import { formatCount, formatPercent, formatUnits } from '../../../lib/format-track-record';
import { profitTone } from './profit-tone';

type SportRow = TTrackRecord['bySport'][number];

/** The record sport by sport, the most settled first. On a phone the table scrolls sideways
 * inside its own focusable region rather than widening the page. */
export function SportTable({ sports }: { sports: readonly SportRow[] }) {
  const rows = [...sports].sort((a, b) => b.settled - a.settled);
  return (
    <div className="tr-scroll" role="region" aria-label="Resultados por deporte" tabIndex={0}>
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
          {rows.map((row) => {
            const sport = findSport(row.sport);
            return (
              <tr key={row.sport}>
                <th scope="row">
                  <span aria-hidden="true">{sport?.emoji} </span>
                  {sport?.label ?? row.sport}
                </th>
                <td>{formatCount(row.settled)}</td>
                <td className={profitTone(row.profitUnits)}>{formatUnits(row.profitUnits)}</td>
                <td>{formatCount(row.stakedUnits)} u</td>
                <td>{formatPercent(row.yield)}</td>
                <td>{formatPercent(row.hitRate)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
