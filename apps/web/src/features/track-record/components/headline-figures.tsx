import type { TTrackRecordSummary } from '@magotips/contracts/track-record-schemas';
import { PastResultsNote } from '../../../components/track-record/past-results-note';
import {
  formatCount,
  formatOdds,
  formatPercent,
  formatUnits,
} from '../../../lib/format-track-record';
import { formatMonth } from '../format-dates';
import { profitTone } from './profit-tone';

type Figure = { label: string; value: string; detail?: string; tone?: string };

type Month = TTrackRecordSummary['bestMonth'];

/** How many figures the summary shows: its placeholders are as many, so nothing moves. */
export const FIGURE_COUNT = 14;

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
const halfFormat = new Intl.NumberFormat('es', { maximumFractionDigits: 1 });
const plainUnits = new Intl.NumberFormat('es', { maximumFractionDigits: 2 });

/** The hit rate's two sides as contracts' hitRateOf counts them: a half counts half. */
function hitDetail(record: TTrackRecordSummary): string {
  const hits = record.won + record.halfWon / 2;
  const decided = record.won + record.lost + (record.halfWon + record.halfLost) / 2;
  return `${halfFormat.format(hits)} de ${halfFormat.format(decided)}`;
}

export function figuresOf(record: TTrackRecordSummary): Figure[] {
  return [
    {
      label: 'Beneficio',
      value: formatUnits(record.profitUnits),
      detail: `${formatCount(record.stakedUnits)} u apostadas`,
      tone: profitTone(record.profitUnits),
    },
    { label: 'Yield', value: formatPercent(record.yield), tone: profitTone(record.yield) },
    { label: 'Acierto', value: formatPercent(record.hitRate), detail: hitDetail(record) },
    {
      label: 'Tips resueltos',
      value: formatCount(record.settled),
      detail: record.void > 0 ? `${formatCount(record.void)} nulos` : undefined,
    },
    { label: 'Cuota media', value: formatOdds(record.averageOdds) },
    {
      label: 'Stake medio',
      value: record.averageStake === null ? '—' : `${halfFormat.format(record.averageStake)} u`,
    },
    {
      label: 'Yield a 1 u',
      value: formatPercent(record.levelStakeYield),
      detail: 'todas a stake 1',
      tone: profitTone(record.levelStakeYield),
    },
    {
      label: 'Máxima caída',
      value:
        record.maxDrawdownUnits > 0 ? `−${plainUnits.format(record.maxDrawdownUnits)} u` : '0 u',
      detail: 'desde un máximo',
    },
    {
      label: 'Meses en positivo',
      value: formatPercent(record.profitableMonthsPct),
      detail: `de ${formatCount(record.byMonth.length)} ${record.byMonth.length === 1 ? 'mes' : 'meses'}`,
    },
    {
      // Shown without closing odds too, as "—": the grid keeps its shape whatever the filter.
      label: 'CLV',
      value: formatPercent(record.clv),
      detail:
        record.clvBets > 0 ? `${formatCount(record.clvBets)} con cierre` : 'sin cuota de cierre',
      tone: profitTone(record.clv),
    },
    { label: 'Mejor racha', value: runs(record.longestWinRun), detail: 'ganados seguidos' },
    { label: 'Peor racha', value: runs(record.longestLoseRun), detail: 'perdidos seguidos' },
    monthFigure('Mejor mes', record.bestMonth),
    monthFigure('Peor mes', record.worstMonth),
  ];
}

/** The figures people compare tipsters by, and under them that they promise nothing (issue 32
 * item 5); `record` null draws their placeholders, of the same size, while they load. */
export function HeadlineFigures({ record }: { record: TTrackRecordSummary | null }) {
  const figures = record
    ? figuresOf(record)
    : Array.from({ length: FIGURE_COUNT }, (): Figure => ({
        label: 'Cargando',
        value: '+00,0 u',
        detail: '—',
      }));
  return (
    <>
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
      <PastResultsNote idle={!record} />
    </>
  );
}
