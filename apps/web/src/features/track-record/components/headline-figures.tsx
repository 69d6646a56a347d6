import type { TTrackRecord } from '@magotips/contracts/track-record-schemas';
import {
  formatCount,
  formatOdds,
  formatPercent,
  formatUnits,
} from '../../../lib/format-track-record';
import { formatMonth } from '../format-dates';
import { profitTone } from './profit-tone';

type Figure = { label: string; value: string; detail?: string; tone?: string };

type Month = TTrackRecord['bestMonth'];

function monthFigure(label: string, month: Month): Figure {
  return month
    ? {
        label,
        value: formatUnits(month.profitUnits),
        detail: formatMonth(month.month),
        tone: profitTone(month.profitUnits),
      }
    : { label, value: '—' };
}

const runs = (n: number) => (n === 1 ? '1 tip' : `${formatCount(n)} tips`);

export function figuresOf(record: TTrackRecord): Figure[] {
  return [
    {
      label: 'Beneficio',
      value: formatUnits(record.profitUnits),
      detail: `${formatCount(record.stakedUnits)} u apostadas`,
      tone: profitTone(record.profitUnits),
    },
    { label: 'Yield', value: formatPercent(record.yield), tone: profitTone(record.yield) },
    {
      label: 'Acierto',
      value: formatPercent(record.hitRate),
      detail: `${formatCount(record.won + record.halfWon)} ganados de ${formatCount(record.settled - record.void)}`,
    },
    {
      label: 'Tips resueltos',
      value: formatCount(record.settled),
      detail: record.void > 0 ? `${formatCount(record.void)} nulos` : undefined,
    },
    { label: 'Cuota media', value: formatOdds(record.averageOdds) },
    { label: 'Mejor racha', value: runs(record.longestWinRun), detail: 'ganados seguidos' },
    { label: 'Peor racha', value: runs(record.longestLoseRun), detail: 'perdidos seguidos' },
    monthFigure('Mejor mes', record.bestMonth),
    monthFigure('Peor mes', record.worstMonth),
  ];
}

/** The nine figures people compare tipsters by; `record` null draws their placeholders, of the
 * same size, while they load. */
export function HeadlineFigures({ record }: { record: TTrackRecord | null }) {
  const figures = record
    ? figuresOf(record)
    : Array.from({ length: 9 }, (): Figure => ({
        label: 'Cargando',
        value: '+00,0 u',
        detail: '—',
      }));
  return (
    <dl
      className={record ? 'tr-figures' : 'tr-figures tr-ghost'}
      aria-hidden={record ? undefined : true}
    >
      {figures.map((figure, index) => (
        <div key={index} className="tr-figure">
          <dt className="tr-figure__label">{figure.label}</dt>
          <dd className={`tr-figure__value ${figure.tone ?? ''}`}>{figure.value}</dd>
          <dd className="tr-figure__detail">{figure.detail ?? '\u00a0'}</dd>
        </div>
      ))}
    </dl>
  );
}
