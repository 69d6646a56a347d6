import { formatUsd } from '@magotips/contracts/money';
import { parsePrice, PRICE_CONFIRM_ABOVE } from '@magotips/contracts/price-schema';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { describedBy, FieldError } from './field-error';

export const PRICE_HINT = 'Usa coma o punto para los centavos, sin separador de miles. Ej.: 12,50';

/** What a typed price will be saved as, or null while it is not a price. */
export function pricePreview(value: unknown): string | null {
  if (typeof value === 'number')
    return Number.isFinite(value) && value > 0 ? formatUsd(value) : null;
  if (typeof value !== 'string') return null;
  const parsed = parsePrice(value);
  return parsed.ok ? formatUsd(parsed.value) : null;
}

type PriceFieldProps = {
  id: string;
  label: string;
  /** The field's current text (react-hook-form's watch), for the preview. */
  value: unknown;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  /** What the price is for, read before the typing hint (the optional yearly price). */
  note?: string;
  className?: string;
};

/**
 * A price as people type it (decision 0035): a text field, because a number field reads "12,50"
 * by the browser's locale (Chromium in English took it for 1250). The contract's parser reads it
 * and the field shows the amount it will save before the editor saves it.
 */
export function PriceField({
  id,
  label,
  value,
  registration,
  error,
  note,
  className,
}: PriceFieldProps) {
  const preview = pricePreview(value);
  const noteId = `${id}-note`;
  const hintId = note ? `${noteId} ${id}-hint` : `${id}-hint`;
  const previewId = `${id}-preview`;
  return (
    <div className={className ?? 'editor-field'}>
      <label className="editor-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="editor-input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        {...describedBy(`${id}-error`, error, preview ? `${hintId} ${previewId}` : hintId)}
        {...registration}
      />
      {note ? (
        <p id={noteId} className="field-hint">
          {note}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="field-hint">
        {PRICE_HINT}
      </p>
      {preview ? (
        <p id={previewId} className="price-preview">
          Se guardará como <strong className="price-preview__amount">{preview}</strong>
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function priceQuestion(what: 'pack' | 'plan', price: number): string {
  return `¿Guardar el ${what} con un precio de ${formatUsd(price)}?`;
}

type PriceConfirmDialogProps = {
  what: 'pack' | 'plan';
  price: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function PriceConfirmDialog({
  what,
  price,
  busy,
  onConfirm,
  onCancel,
}: PriceConfirmDialogProps) {
  return (
    <ConfirmDialog
      question={priceQuestion(what, price)}
      detail={`Es más de ${formatUsd(PRICE_CONFIRM_ABOVE)}. Revisa que el precio sea correcto: los compradores pagarán exactamente ese importe.`}
      confirmLabel="Sí, guardar"
      busyLabel="Guardando..."
      busy={busy}
      tone="gold"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
