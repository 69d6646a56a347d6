import { type FormEvent, useEffect, useId, useState } from 'react';
import type { BusinessPeriodParams } from '../api/get-business';

export const PERIOD_TEXT = {
  legend: 'Periodo',
  from: 'Desde',
  to: 'Hasta',
  apply: 'Aplicar',
  last30: 'Últimos 30 días',
  last90: 'Últimos 90 días',
  thisYear: 'Este año',
  quick: 'Periodos rápidos',
  compared: (from: string, to: string) => `Comparado con el periodo anterior: ${from} a ${to}.`,
} as const;

const DAY_MS = 86_400_000;
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The quick periods, in whole UTC days as the API counts them, both ends included. */
export function quickPeriod(
  kind: 'last30' | 'last90' | 'thisYear',
  now: Date,
): BusinessPeriodParams {
  const to = isoDay(now);
  if (kind === 'thisYear') return { from: `${to.slice(0, 4)}-01-01`, to };
  const days = kind === 'last30' ? 30 : 90;
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to };
}

/** The period chooser: two dates and Aplicar, or a quick period applied at once. The API
 * judges the dates (its 400 is shown above the figures), so the rules live in one place. */
export function BusinessPeriod({
  shown,
  onApply,
  busy,
}: {
  /** The period on screen: what the inputs start from and return to. */
  shown: BusinessPeriodParams;
  onApply: (period: BusinessPeriodParams) => void;
  busy: boolean;
}) {
  const fromId = useId();
  const toId = useId();
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);

  // Once the API answers (the default period) or a quick period is chosen, the inputs follow.
  useEffect(() => {
    setFrom(shown.from);
    setTo(shown.to);
  }, [shown.from, shown.to]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply({ from: from.trim(), to: to.trim() });
  };

  return (
    <form className="business-period" onSubmit={submit} aria-busy={busy || undefined}>
      <fieldset className="business-period__set">
        <legend className="business-period__legend">{PERIOD_TEXT.legend}</legend>
        <div className="business-period__dates">
          <div className="business-period__field">
            <label htmlFor={fromId}>{PERIOD_TEXT.from}</label>
            <input
              id={fromId}
              type="date"
              name="from"
              className="admin-input"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
          </div>
          <div className="business-period__field">
            <label htmlFor={toId}>{PERIOD_TEXT.to}</label>
            <input
              id={toId}
              type="date"
              name="to"
              className="admin-input"
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn--small btn--gold">
            {PERIOD_TEXT.apply}
          </button>
        </div>
        <div className="business-period__quick" role="group" aria-label={PERIOD_TEXT.quick}>
          {(['last30', 'last90', 'thisYear'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className="btn btn--small btn--outline"
              onClick={() => onApply(quickPeriod(kind, new Date()))}
            >
              {PERIOD_TEXT[kind]}
            </button>
          ))}
        </div>
      </fieldset>
    </form>
  );
}
