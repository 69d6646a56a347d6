import type { TMonthLine } from '@magotips/contracts/business';
import { type ReactNode, useId } from 'react';
import { formatCount, formatPercent } from '../../../lib/format-track-record';
import { formatMonth } from './business-format';

export const CHART_TEXT = {
  bars: 'Registros y bajas por mes',
  barsDesc: (first: string, last: string) =>
    `Barras de registros y de bajas de cada mes, de ${first} a ${last}. Los datos están en la tabla «Por mes» de abajo.`,
  line: 'Yield mensual del historial',
  lineDesc: (first: string, last: string) =>
    `Línea del yield de cada mes, de ${first} a ${last}; sin punto en los meses sin apuestas resueltas. Los datos están en la tabla «Por mes» de abajo.`,
  signups: 'Registros',
  cancellations: 'Bajas',
} as const;

// A fixed drawing box scaled to the width: the height follows the width, so the charts take
// their space before the data arrives and nothing below them moves (CLS).
const W = 640;
const H = 240;
const PAD = { top: 16, right: 12, bottom: 32, left: 48 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

/** Up to ~8 month labels: a phone's width cannot fit 36 side by side. */
const labelEvery = (count: number) => Math.max(1, Math.ceil(count / 8));

function shortMonth(month: string) {
  return formatMonth(month).replace(' 20', ' ’');
}

function niceMax(value: number) {
  if (value <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(value));
  return Math.ceil(value / step) * step;
}

function Frame({
  id,
  title,
  desc,
  children,
}: {
  id: string;
  title: string;
  desc: string;
  children: ReactNode;
}) {
  return (
    <figure className="business-chart">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        viewBox={`0 0 ${W} ${H}`}
        className="business-chart__svg"
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{desc}</desc>
        {children}
      </svg>
    </figure>
  );
}

function Axis({ max, format }: { max: number; format: (v: number) => string }) {
  const ticks = [0, 0.5, 1].map((f) => max * f);
  return (
    <g className="business-chart__axis" aria-hidden="true">
      {ticks.map((tick) => {
        const y = PAD.top + PLOT_H - (tick / max) * PLOT_H;
        return (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end">
              {format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function MonthLabels({ months, x }: { months: TMonthLine[]; x: (i: number) => number }) {
  const every = labelEvery(months.length);
  return (
    <g className="business-chart__months" aria-hidden="true">
      {months.map((m, i) =>
        i % every === 0 ? (
          <text key={m.month} x={x(i)} y={H - 10} textAnchor="middle">
            {shortMonth(m.month)}
          </text>
        ) : null,
      )}
    </g>
  );
}

/** Sign-ups next to cancellations, a pair of bars a month. */
export function SignupsChart({ months }: { months: TMonthLine[] }) {
  const id = useId();
  const max = niceMax(Math.max(...months.map((m) => Math.max(m.signups, m.cancellations))));
  const slot = PLOT_W / months.length;
  const bar = Math.max(1, Math.min(24, slot * 0.35));
  const center = (i: number) => PAD.left + slot * (i + 0.5);
  const height = (v: number) => (v / max) * PLOT_H;
  const first = formatMonth(months[0]?.month ?? '');
  const last = formatMonth(months.at(-1)?.month ?? '');
  return (
    <div>
      <Frame id={id} title={CHART_TEXT.bars} desc={CHART_TEXT.barsDesc(first, last)}>
        <Axis max={max} format={(v) => formatCount(Math.round(v))} />
        {months.map((m, i) => (
          <g key={m.month}>
            <rect
              className="business-chart__bar business-chart__bar--signups"
              x={center(i) - bar}
              y={PAD.top + PLOT_H - height(m.signups)}
              width={bar}
              height={height(m.signups)}
            />
            <rect
              className="business-chart__bar business-chart__bar--cancellations"
              x={center(i)}
              y={PAD.top + PLOT_H - height(m.cancellations)}
              width={bar}
              height={height(m.cancellations)}
            />
          </g>
        ))}
        <MonthLabels months={months} x={center} />
      </Frame>
      {/* The legend as text beside the chart: a pattern tells the bars apart, not colour only. */}
      <ul className="business-chart__legend" aria-hidden="true">
        <li>
          <span className="business-chart__key business-chart__key--signups" />
          {CHART_TEXT.signups}
        </li>
        <li>
          <span className="business-chart__key business-chart__key--cancellations" />
          {CHART_TEXT.cancellations}
        </li>
      </ul>
    </div>
  );
}

/** The track record's yield month by month; months without settled bets leave a gap. */
export function YieldChart({ months }: { months: TMonthLine[] }) {
  const id = useId();
  const values = months.map((m) => m.yield).filter((v): v is number => v !== null);
  const top = Math.max(0.05, ...values.map(Math.abs));
  const slot = PLOT_W / months.length;
  const x = (i: number) => PAD.left + slot * (i + 0.5);
  // Symmetric around zero: a losing month reads below the line, a winning one above.
  const y = (v: number) => PAD.top + PLOT_H / 2 - (v / top) * (PLOT_H / 2);
  const segments: string[][] = [[]];
  months.forEach((m, i) => {
    if (m.yield === null) segments.push([]);
    else segments.at(-1)?.push(`${x(i).toFixed(1)},${y(m.yield).toFixed(1)}`);
  });
  const first = formatMonth(months[0]?.month ?? '');
  const last = formatMonth(months.at(-1)?.month ?? '');
  return (
    <Frame id={id} title={CHART_TEXT.line} desc={CHART_TEXT.lineDesc(first, last)}>
      <g className="business-chart__axis" aria-hidden="true">
        {[top, 0, -top].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {formatPercent(tick)}
            </text>
          </g>
        ))}
      </g>
      {segments
        .filter((points) => points.length > 0)
        .map((points) => (
          <polyline key={points[0]} className="business-chart__line" points={points.join(' ')} />
        ))}
      {months.map((m, i) =>
        m.yield === null ? null : (
          <circle key={m.month} className="business-chart__dot" cx={x(i)} cy={y(m.yield)} r={4} />
        ),
      )}
      <MonthLabels months={months} x={x} />
    </Frame>
  );
}
