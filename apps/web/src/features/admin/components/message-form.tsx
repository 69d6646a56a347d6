import { zodResolver } from '@hookform/resolvers/zod';
import {
  GLOBAL_MESSAGE_MAX,
  MESSAGE_TYPE_COLORS,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  type MessageType,
} from '@magotips/contracts/global-message-types';
import { ZGlobalMessageRequest, type TGlobalMessageRequest } from '@magotips/contracts/global-messages';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

type FormInput = z.input<typeof ZGlobalMessageRequest>;

type MessageFormProps = {
  mode: 'create' | 'edit';
  initial?: { text: string; type: MessageType };
  busy: boolean;
  /** Resolves once saved; the create form then empties itself for the next message. */
  onSave: (values: TGlobalMessageRequest) => Promise<unknown>;
  onCancel?: () => void;
};

const COLOR_NAMES: Record<MessageType, string> = { info: 'azul', warn: 'amarillo', critical: 'rojo' };

/** Create or edit a global message with the contract's rules (SPEC.md §5) and texts. The edit
 * form leaves the active state to the list's switch. */
export function MessageForm({ mode, initial, busy, onSave, onCancel }: MessageFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, TGlobalMessageRequest>({
    resolver: zodResolver(ZGlobalMessageRequest),
    defaultValues: { text: initial?.text ?? '', type: initial?.type ?? 'info', active: true },
  });
  const length = (watch('text') ?? '').length;
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
  return (
    // Named, so the edit form open in the list is told apart from the create form above it.
    <form className="admin-form" aria-label={mode === 'create' ? 'Nuevo mensaje' : 'Editar mensaje'} noValidate onSubmit={onSubmit}>
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
        <p id={counterId} className={`admin-field__counter${over ? ' admin-field__counter--over' : ''}`}>
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
              <input type="radio" value={type} className="admin-type__input" {...register('type')} />
              <span
                className="admin-type__swatch"
                aria-hidden="true"
                style={{ background: MESSAGE_TYPE_COLORS[type].background, borderColor: MESSAGE_TYPE_COLORS[type].border }}
              />
              {MESSAGE_TYPE_LABELS[type]} <span className="admin-type__color">({COLOR_NAMES[type]})</span>
            </label>
          ))}
        </div>
        {errors.type?.message ? <p className="admin-field__error">{errors.type.message}</p> : null}
      </fieldset>

      {mode === 'create' ? (
        <label className="admin-check">
          <input type="checkbox" {...register('active')} />
          Activo (se muestra en cuanto se crea)
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
