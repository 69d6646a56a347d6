import {
  checkTaxId,
  formatTaxId,
  TAX_ID_COUNTRIES,
  TAX_ID_LABELS,
  TAX_ID_MESSAGES,
  type TaxIdCountry,
} from '@magotips/contracts/tax-id';
import { MSG } from '@magotips/contracts/messages';
import { useId, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useSaveTaxId, useTaxId } from '../api/payments-api';
import { CardLoadError } from './card-load-error';

export const TAX_ID_ERROR = 'Error al cargar tus datos fiscales';
const SAVE_FAILED = 'No pudimos guardar tus datos fiscales. Intenta nuevamente.';

function TaxIdForm({
  initial,
  onDone,
}: {
  initial: { country: TaxIdCountry; number: string } | null;
  onDone?: () => void;
}) {
  const id = useId();
  const save = useSaveTaxId();
  const [country, setCountry] = useState<TaxIdCountry | ''>(initial?.country ?? '');
  const [number, setNumber] = useState(initial?.number ?? '');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!country) return setError(MSG.taxIdCountry);
    // The rule the server applies (contracts/tax-id.ts), so most mistakes never leave the page.
    const normal = checkTaxId(country, number);
    if (normal === null) return setError(TAX_ID_MESSAGES[country]);
    setError(null);
    save.mutate({ country, number: normal }, { onSuccess: () => onDone?.() });
  }

  const errorId = `${id}-error`;
  return (
    <form className="form tax-id-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-country`} className="field__label">
          País
        </label>
        <select
          id={`${id}-country`}
          className="field__input field__select"
          value={country}
          onChange={(e) => {
            setCountry(e.target.value as TaxIdCountry | '');
            setError(null);
          }}
        >
          <option value="">Elige un país</option>
          {TAX_ID_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {TAX_ID_LABELS[c].country} ({TAX_ID_LABELS[c].id})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-number`} className="field__label">
          {country ? TAX_ID_LABELS[country].id : 'Identificación fiscal'}
        </label>
        <input
          id={`${id}-number`}
          className="field__input"
          value={number}
          autoComplete="off"
          maxLength={40}
          placeholder={country ? `Ej.: ${TAX_ID_LABELS[country].example}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setNumber(e.target.value);
            setError(null);
          }}
        />
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
      <button type="submit" className="btn btn--small" disabled={save.isPending}>
        {save.isPending ? 'Guardando...' : 'Guardar datos fiscales'}
      </button>
    </form>
  );
}

/** The buyer's optional tax id for receipts (issue 30 item 6): later receipts carry it;
 * issued ones keep what they were issued with. */
export function TaxIdCard() {
  const taxId = useTaxId();
  const remove = useSaveTaxId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const current = taxId.data?.taxId ?? null;

  return (
    <section className="account-card" aria-labelledby="tax-id-title">
      <h2 id="tax-id-title" className="account-card__title">
        Datos fiscales para tus recibos
      </h2>
      <p className="account-card__text">
        Opcional. Tus próximos recibos incluirán tu identificación fiscal; los ya emitidos no
        cambian.
      </p>
      {taxId.isPending ? (
        <p className="account-card__text" role="status">
          Cargando tus datos fiscales...
        </p>
      ) : taxId.isError ? (
        <CardLoadError
          title={TAX_ID_ERROR}
          error={taxId.error}
          onRetry={() => void taxId.refetch()}
        />
      ) : current && !editing ? (
        <>
          <dl className="account-facts">
            <div>
              <dt>{TAX_ID_LABELS[current.country].id}</dt>
              <dd>
                {formatTaxId(current.country, current.number)} (
                {TAX_ID_LABELS[current.country].country})
              </dd>
            </div>
          </dl>
          {remove.isError ? (
            <FormAlert tone="error">{errorText(remove.error, SAVE_FAILED)}</FormAlert>
          ) : null}
          <div className="tax-id-actions">
            <button
              type="button"
              className="btn btn--small btn--outline"
              onClick={() => setEditing(true)}
            >
              Cambiar
            </button>
            <button
              type="button"
              className="btn btn--small btn--outline"
              onClick={() => setConfirming(true)}
            >
              Quitar
            </button>
          </div>
        </>
      ) : (
        <TaxIdForm initial={current} onDone={() => setEditing(false)} />
      )}
      {taxId.data?.message ? <FormAlert tone="success">{taxId.data.message}</FormAlert> : null}
      {confirming ? (
        <ConfirmDialog
          question="¿Quitar tu identificación fiscal?"
          detail="Tus próximos recibos no la llevarán. Los ya emitidos no cambian."
          confirmLabel="Quitar"
          busyLabel="Quitando..."
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(null, {
              onSettled: () => setConfirming(false),
            })
          }
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
