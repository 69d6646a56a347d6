import { zodResolver } from '@hookform/resolvers/zod';
import {
  GLOBAL_MESSAGE_MAX,
  MESSAGE_TYPE_COLORS,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  type MessageType,
} from '@magotips/contracts/global-message-types';
import { ZGlobalMessageForm } from '@magotips/contracts/global-messages';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MessagePreview } from './message-preview';

type FormInput = z.input<typeof ZGlobalMessageForm>;
export type MessageFormValues = z.output<typeof ZGlobalMessageForm>;

type MessageFormProps = {
  mode: 'create' | 'edit';
  initial?: { text: string; type: MessageType; endsAt: string | null };
  busy: boolean;
  /** Resolves once saved; the create form then empties itself for the next message. */
  onSave: (values: MessageFormValues) => Promise<unknown>;
  onCancel?: () => void;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO date-time as a datetime-local field holds it: the browser's local time, to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const COLOR_NAMES: Record<MessageType, string> = {
  info: 'azul',
  warn: 'amarillo',
  critical: 'rojo',
};

/** Create or edit a global message with the contract's rules (SPEC.md §5) and texts, a live
 * preview and an optional "Mostrar hasta" (decision 0087). The edit form leaves the active state
 * to the list's switch. */
export function MessageForm({ mode, initial, busy, onSave, onCancel }: MessageFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, MessageFormValues>({
    resolver: zodResolver(ZGlobalMessageForm),
    defaultValues: {
      text: initial?.text ?? '',
      type: initial?.type ?? 'info',
      active: true,
      endsAt: toLocalInput(initial?.endsAt),
    },
  });
  const typed = watch('text') ?? '';
  const length = typed.length;
  const over = length > GLOBAL_MESSAGE_MAX;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      if (mode === 'create') reset();
    } catch {
      // The caller shows the failure in its alert; the typed text stays for another try.
    }
  });

  const textId = `${id}-text`;
  const counterId = `${id}-counter`;
  const textErrorId = `${id}-text-error`;
  const endsId = `${id}-ends`;
  const endsHintId = `${id}-ends-hint`;
  const endsErrorId = `${id}-ends-error`;
  return (
    // Named, so the edit form open in the list is told apart from the create form above it.
    <form
      className="admin-form"
      aria-label={mode === 'create' ? 'Nuevo mensaje' : 'Editar mensaje'}
      noValidate
      onSubmit={onSubmit}
    >
      <div className="admin-field">
        <label htmlFor={textId} className="admin-field__label">
          Texto del mensaje
        </label>
        <textarea
          id={textId}
          className="admin-field__input admin-field__textarea"
          rows={3}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errors.text ? `${counterId} ${textErrorId}` : counterId}
          {...register('text')}
        />
        <p
          id={counterId}
          className={`admin-field__counter${over ? ' admin-field__counter--over' : ''}`}
        >
          {length}/{GLOBAL_MESSAGE_MAX} caracteres
        </p>
        {errors.text?.message ? (
          <p id={textErrorId} className="admin-field__error">
            {errors.text.message}
          </p>
        ) : null}
      </div>

      <fieldset className="admin-fieldset">
        <legend className="admin-field__label">Tipo</legend>
        <div className="admin-types">
          {MESSAGE_TYPES.map((type) => (
            <label key={type} className="admin-type">
              <input
                type="radio"
                value={type}
                className="admin-type__input"
                {...register('type')}
              />
              <span
                className="admin-type__swatch"
                aria-hidden="true"
                style={{
                  background: MESSAGE_TYPE_COLORS[type].background,
                  borderColor: MESSAGE_TYPE_COLORS[type].border,
                }}
              />
              {MESSAGE_TYPE_LABELS[type]}{' '}
              <span className="admin-type__color">({COLOR_NAMES[type]})</span>
            </label>
          ))}
        </div>
        {errors.type?.message ? <p className="admin-field__error">{errors.type.message}</p> : null}
      </fieldset>

      <div className="admin-field">
        <label htmlFor={endsId} className="admin-field__label">
          Mostrar hasta (opcional)
        </label>
        <input
          id={endsId}
          type="datetime-local"
          className="admin-field__input"
          aria-invalid={errors.endsAt ? true : undefined}
          aria-describedby={errors.endsAt ? `${endsHintId} ${endsErrorId}` : endsHintId}
          {...register('endsAt')}
        />
        <p id={endsHintId} className="admin-field__hint">
          Con tu hora local. Vacío: se muestra hasta que lo desactives.
        </p>
        {errors.endsAt?.message ? (
          <p id={endsErrorId} className="admin-field__error">
            {errors.endsAt.message}
          </p>
        ) : null}
      </div>

      <MessagePreview text={typed} type={watch('type') ?? 'info'} />

      {mode === 'create' ? (
        <label className="admin-check">
          <input type="checkbox" {...register('active')} />
          Activo (se muestra a todos, en cada página, en cuanto se crea)
        </label>
      ) : null}

      <div className="admin-form__actions">
        {onCancel ? (
          <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
            Cancelar
          </button>
        ) : null}
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Guardando...' : mode === 'create' ? 'Crear mensaje' : 'Guardar cambios'}
        </button>
      </div>
    </form>
  );
}
