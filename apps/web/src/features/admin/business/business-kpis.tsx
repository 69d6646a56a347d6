import type { TBusinessFigures } from '@magotips/contracts/business';
import { changeOf, type FigureKind, formatFigure } from './business-format';

type Kpi = {
  label: string;
  kind: FigureKind;
  value: (f: TBusinessFigures) => number | null;
  /** Whether a rise is good news; it only tints the change, which its words already tell. */
  goodWhenUp: boolean;
  hint?: string;
};

export const KPIS: readonly Kpi[] = [
  {
    label: 'MRR',
    kind: 'money',
    value: (f) => f.mrr,
    goodWhenUp: true,
    hint: 'Al final del periodo; planes anuales como un doceavo, sin pruebas.',
  },
  {
    label: 'Suscriptores activos',
    kind: 'count',
    value: (f) => f.activeSubscribers,
    goodWhenUp: true,
  },
  { label: 'Nuevos', kind: 'count', value: (f) => f.newSubscribers, goodWhenUp: true },
  { label: 'Cancelados', kind: 'count', value: (f) => f.cancelledSubscribers, goodWhenUp: false },
  { label: 'Churn', kind: 'pct', value: (f) => f.churnPct, goodWhenUp: false },
  {
    label: 'Conversión de prueba a pago',
    kind: 'pct',
    value: (f) => f.trialConversionPct,
    goodWhenUp: true,
  },
  {
    label: 'Ingresos netos',
    kind: 'money',
    value: (f) => f.netRevenue,
    goodWhenUp: true,
    hint: 'Cobros menos reembolsos.',
  },
  {
    label: 'Ingreso medio por lector de pago',
    kind: 'money',
    value: (f) => f.arppu,
    goodWhenUp: true,
  },
];

export const PREVIOUS_LABEL = 'Periodo anterior';

/** The period's headline figures, each beside the previous period's and the change in words
 * (an arrow and a colour too, never alone). A list of cards: they stack on a phone. */
export function BusinessKpis({
  current,
  previous,
}: {
  current: TBusinessFigures;
  previous: TBusinessFigures;
}) {
  return (
    <ul className="business-kpis" aria-label="Indicadores del periodo">
      {KPIS.map((kpi) => {
        const now = kpi.value(current);
        const before = kpi.value(previous);
        const change = changeOf(kpi.kind, now, before);
        const tone =
          change.direction === 'up' || change.direction === 'down'
            ? (change.direction === 'up') === kpi.goodWhenUp
              ? 'good'
              : 'bad'
            : 'flat';
        return (
          <li key={kpi.label} className="business-kpi">
            <h3 className="business-kpi__label">{kpi.label}</h3>
            <p className="business-kpi__value">{formatFigure(kpi.kind, now)}</p>
            <p className="business-kpi__previous">
              {PREVIOUS_LABEL}: {formatFigure(kpi.kind, before)}
            </p>
            <p className={`business-kpi__change business-kpi__change--${tone}`}>{change.text}</p>
            {kpi.hint ? <p className="business-kpi__hint">{kpi.hint}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
