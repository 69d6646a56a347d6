import {
  parseVerificationPeriod,
  VERIFICATION_MSG,
  type VerificationType,
} from '@magotips/contracts/verification';
import { useId, useState, type FormEvent } from 'react';
import type { VerificationRun } from '../api/run-verification';

const QUICK_CHECKS: { type: Exclude<VerificationType, 'period'>; label: string; hint: string }[] = [
  {
    type: 'full',
    label: 'Verificación completa',
    hint: 'Balance, pagos retenidos y transferencias',
  },
  { type: 'balance', label: 'Verificar balance', hint: 'Cobros, comisiones y saldo pendiente' },
  { type: 'payments', label: 'Verificar pagos retenidos', hint: 'Disputas abiertas' },
  { type: 'payouts', label: 'Verificar transferencias', hint: 'Pagos al banco' },
];

/** What each failed check says (SPEC.md §8). */
export const RUN_ERROR_TITLES: Record<VerificationType, string> = {
  full: VERIFICATION_MSG.fullError,
  balance: VERIFICATION_MSG.balanceError,
  payments: VERIFICATION_MSG.paymentsError,
  payouts: VERIFICATION_MSG.payoutsError,
  period: VERIFICATION_MSG.periodError,
};

type ActionsProps = {
  /** The check running now; every button waits for it (one click, one record). */
  running: VerificationType | null;
  onRun: (run: VerificationRun) => void;
};

export function VerificationActions({ running, onRun }: ActionsProps) {
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [periodError, setPeriodError] = useState<string | null>(null);
  const startId = useId();
  const endId = useId();
  const errorId = useId();
  const busy = running !== null;

  function submitPeriod(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rule, so the form refuses exactly what the server would.
    const period = parseVerificationPeriod(startDate, endDate);
    if (!period.ok) {
      setPeriodError(period.message);
      return;
    }
    setPeriodError(null);
    onRun({ type: 'period', startDate, endDate });
  }

  const missingStart = periodError === VERIFICATION_MSG.periodDates && startDate === '';
  const missingEnd = periodError === VERIFICATION_MSG.periodDates && endDate === '';

  return (
    <div className="verification-actions">
      <p className="verification-actions__note">
        Las verificaciones rápidas cubren los últimos 30 días. Cada una queda guardada en el
        historial.
      </p>
      <div className="verification-actions__grid">
        {QUICK_CHECKS.map((check) => (
          <div key={check.type} className="verification-actions__item">
            <button
              type="button"
              className={`btn ${check.type === 'full' ? 'btn--gold' : 'btn--outline'} btn--block`}
              disabled={busy}
              aria-describedby={`${startId}-${check.type}`}
              onClick={() => onRun({ type: check.type })}
            >
              {running === check.type ? 'Verificando...' : check.label}
            </button>
            <p id={`${startId}-${check.type}`} className="verification-actions__hint">
              {check.hint}
            </p>
          </div>
        ))}
      </div>

      <form
        className="verification-period"
        noValidate
        onSubmit={submitPeriod}
        aria-labelledby={`${startId}-period`}
      >
        <h3 id={`${startId}-period`} className="verification-period__title">
          Verificación de periodo
        </h3>
        <p className="verification-period__hint">
          Días completos en hora UTC; el día final se incluye.
        </p>
        <div className="verification-period__fields">
          <div className="field">
            <label className="field__label" htmlFor={startId}>
              Fecha de inicio
            </label>
            <input
              id={startId}
              className="field__input"
              type="date"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              aria-invalid={missingStart || undefined}
              aria-describedby={periodError ? errorId : undefined}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={endId}>
              Fecha de fin
            </label>
            <input
              id={endId}
              className="field__input"
              type="date"
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              aria-invalid={missingEnd || undefined}
              aria-describedby={periodError ? errorId : undefined}
            />
          </div>
        </div>
        {periodError ? (
          <p id={errorId} className="field__error" role="alert">
            {periodError}
          </p>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="btn btn--outline" disabled={busy}>
            {running === 'period' ? 'Verificando...' : 'Verificar periodo'}
          </button>
        </div>
      </form>
    </div>
  );
}
