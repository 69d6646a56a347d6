import { formatUsd } from '@magotips/contracts/money';
import {
  formatPendingFrom,
  parseSpendLimit,
  SPEND_LIMIT_RAISE_HOURS,
  type TSpendLimit,
} from '@magotips/contracts/spend-limit';
import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useSaveSpendLimit, useSpendLimit } from '../api/spend-limit-api';
import { CardLoadError } from './card-load-error';
import './spend-limit.css';

export const SPEND_LIMIT_LOAD_ERROR = 'Error al cargar tu límite de gasto';
const SAVE_FAILED = 'No pudimos guardar tu límite de gasto. Intenta nuevamente.';
const WAIT = `Por tu protección, subir o quitar el límite se aplica ${SPEND_LIMIT_RAISE_HOURS} horas después; bajarlo, al momento.`;

/** What a save will do, asked before it is sent (decision 0113). */
type Pending = { kind: 'save'; value: number } | { kind: 'remove' };

function question(p: Pending, current: number | null) {
  if (p.kind === 'remove')
    return {
      question: '¿Quitar tu límite de gasto mensual?',
      detail: `Se quitará dentro de ${SPEND_LIMIT_RAISE_HOURS} horas. Hasta entonces sigue el límite actual.`,
      confirm: 'Quitar límite',
    };
  const loosens = current !== null && p.value > current;
  return {
    question: `¿Fijar tu límite en ${formatUsd(p.value)} al mes?`,
    detail: loosens
      ? `Es un aumento: se aplicará dentro de ${SPEND_LIMIT_RAISE_HOURS} horas. Hasta entonces sigue el límite actual.`
      : 'Se aplica desde ahora a tus próximas compras.',
    confirm: 'Guardar límite',
  };
}

function Facts({ limit }: { limit: TSpendLimit }) {
  return (
    <dl className="account-facts">
      <div>
        <dt>Límite mensual</dt>
        <dd>{limit.monthlyLimit === null ? 'Sin límite' : formatUsd(limit.monthlyLimit)}</dd>
      </div>
      <div>
        <dt>Gastado este mes</dt>
        <dd>{formatUsd(limit.spentThisMonth)}</dd>
      </div>
      {limit.left !== null ? (
        <div>
          <dt>Te queda este mes</dt>
          <dd>{formatUsd(limit.left)}</dd>
        </div>
      ) : null}
      {limit.pendingFrom ? (
        <div>
          <dt>Cambio pendiente</dt>
          <dd>
            {limit.pendingLimit === null
              ? `Sin límite desde el ${formatPendingFrom(limit.pendingFrom)}`
              : `${formatUsd(limit.pendingLimit)} desde el ${formatPendingFrom(limit.pendingFrom)}`}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The reader's monthly spend limit (issue 32 item 4): new purchases that would pass it are
 * refused before checkout; the month is the calendar month in UTC. */
export function SpendLimitCard() {
  const id = useId();
  const limit = useSpendLimit();
  const save = useSaveSpendLimit();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<Pending | null>(null);
  const data = limit.data?.spendLimit;
  const current = data?.monthlyLimit ?? null;

  function submit(event: FormEvent) {
    event.preventDefault();
    // The reading the server applies (contracts/spend-limit.ts): "12,50" and "12.50" alike.
    const parsed = parseSpendLimit(text);
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    setAsking({ kind: 'save', value: parsed.value });
  }

  function confirm(p: Pending) {
    save.mutate(p.kind === 'remove' ? null : p.value, {
      onSuccess: () => setText(''),
      onSettled: () => setAsking(null),
    });
  }

  const inputId = `${id}-limit`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const asked = asking ? question(asking, current) : null;
  const removable = current !== null && !(data?.pendingFrom && data.pendingLimit === null);
  return (
    <section className="account-card spend-limit" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Límite de gasto mensual
      </h2>
      <p className="account-card__text">
        Opcional. Las compras que superen tu límite este mes no se podrán pagar. Las renovaciones ya
        contratadas se cobran igual y cuentan en el gasto del mes.
      </p>
      {limit.isPending ? (
        <p className="account-card__text" role="status">
          Cargando tu límite de gasto...
        </p>
      ) : limit.isError || !data ? (
        <CardLoadError
          title={SPEND_LIMIT_LOAD_ERROR}
          error={limit.error}
          onRetry={() => void limit.refetch()}
        />
      ) : (
        <>
          <Facts limit={data} />
          <form className="form spend-limit__form" noValidate onSubmit={submit}>
            <div className="field">
              <label htmlFor={inputId} className="field__label">
                {current === null ? 'Límite mensual (USD)' : 'Nuevo límite mensual (USD)'}
              </label>
              <input
                id={inputId}
                className="field__input"
                inputMode="decimal"
                autoComplete="off"
                placeholder="Ej.: 50,00"
                value={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${errorId} ${hintId}` : hintId}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
              />
              <p id={hintId} className="field__hint">
                {WAIT}
              </p>
              {error ? (
                <p id={errorId} className="field__error">
                  {error}
                </p>
              ) : null}
            </div>
            {save.isError ? (
              <FormAlert tone="error" focus key={save.submittedAt}>
                {errorText(save.error, SAVE_FAILED)}
              </FormAlert>
            ) : null}
            <div className="spend-limit__actions">
              <button type="submit" className="btn btn--small" disabled={save.isPending}>
                {save.isPending ? 'Guardando...' : 'Guardar límite'}
              </button>
              {removable ? (
                <button
                  type="button"
                  className="btn btn--small btn--outline"
                  disabled={save.isPending}
                  onClick={() => setAsking({ kind: 'remove' })}
                >
                  Quitar límite
                </button>
              ) : null}
            </div>
          </form>
        </>
      )}
      {save.isSuccess && limit.data?.message ? (
        <FormAlert tone="success">{limit.data.message}</FormAlert>
      ) : null}
      {asking && asked ? (
        <ConfirmDialog
          question={asked.question}
          detail={asked.detail}
          confirmLabel={asked.confirm}
          busyLabel="Guardando..."
          busy={save.isPending}
          tone="gold"
          onConfirm={() => confirm(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}
