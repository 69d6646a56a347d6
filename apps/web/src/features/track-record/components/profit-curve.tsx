import type { TTrackRecord } from '@magotips/contracts/track-record-schemas';
import { useId, useState } from 'react';
import { formatUnits } from '../../../lib/format-track-record';
import { curveGeometry } from '../curve-geometry';
import { formatDay, formatLongDay } from '../format-dates';

type Curve = TTrackRecord['curve'];

/** One sentence for screen readers: where the curve starts and ends, its high and low. */
export function curveDescription(curve: Curve): string {
  const first = curve[0];
  const last = curve.at(-1);
  if (!first || !last) return 'Sin datos.';
  const values = curve.map((p) => p.cumulativeUnits);
  return (
    `Del ${formatLongDay(first.date)} al ${formatLongDay(last.date)}, ${curve.length} días con ` +
    `tips resueltos. Termina en ${formatUnits(last.cumulativeUnits)}; lo más alto, ` +
    `${formatUnits(Math.max(...values))}; lo más bajo, ${formatUnits(Math.min(...values))}.`
  );
}

/**
 * The cumulative profit, hand-drawn in SVG (no chart library on a public page): an image with
 * its title and description for screen readers, and every point in a table behind "Ver los
 * datos" for anyone who wants the numbers.
 */
export function ProfitCurve({ curve }: { curve: Curve }) {
  const titleId = useId();
  const descId = useId();
  const geometry = curveGeometry(curve);
  const first = curve[0];
  const last = curve.at(-1);
  if (!geometry || !first || !last) return null;
  const rising = last.cumulativeUnits >= 0;
  return (
    <figure className="tr-curve">
      <div className="tr-curve__plot">
        <div className="tr-curve__ticks" aria-hidden="true">
          {geometry.ticks.map((tick) => (
            <span key={tick.units} className="tr-curve__tick" style={{ top: `${tick.y}%` }}>
              {formatUnits(tick.units)}
            </span>
          ))}
        </div>
        <svg
          className={`tr-curve__svg ${rising ? 'tr-curve__svg--up' : 'tr-curve__svg--down'}`}
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
          role="img"
          aria-labelledby={titleId}
          aria-describedby={descId}
        >
          <title id={titleId}>Beneficio acumulado en unidades</title>
          <desc id={descId}>{curveDescription(curve)}</desc>
          {geometry.ticks.map((tick) => (
            <line
              key={tick.units}
              className={tick.units === 0 ? 'tr-curve__zero' : 'tr-curve__grid'}
              x1="0"
              x2="100"
              y1={tick.y}
              y2={tick.y}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path className="tr-curve__area" d={geometry.area} />
          <path className="tr-curve__line" d={geometry.line} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <figcaption className="tr-curve__axis">
        <span>{formatDay(first.date)}</span>
        <span>{formatDay(last.date)}</span>
      </figcaption>
      <CurveData curve={curve} />
    </figure>
  );
}

/**
 * Every point of the curve, as a table behind "Ver los datos". Built only once opened: half a
 * year is some 180 rows, most of the page's elements, that nobody reads until they ask.
 */
function CurveData({ curve }: { curve: Curve }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="tr-disclosure" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Ver los datos</summary>
      {open ? (
        <div
          className="tr-scroll"
          role="region"
          aria-label="Datos del beneficio acumulado"
          tabIndex={0}
        >
          <table className="tr-table">
            <caption>Beneficio acumulado por día</caption>
            <thead>
              <tr>
                <th scope="col">Día</th>
                <th scope="col">Beneficio acumulado</th>
              </tr>
            </thead>
            <tbody>
              {curve.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{formatDay(point.date)}</th>
                  <td>{formatUnits(point.cumulativeUnits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}
