import { zodResolver } from '@hookform/resolvers/zod';
import { SPORTS } from '@magotips/contracts/sports';
import type { TManagementTip, TTipForm } from '@magotips/contracts/tips';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveTip } from '../api/save-tip';
import { describedBy, FieldError } from '../components/field-error';
import { ActionError } from '../../../components/ui/list-states';
import { splitDateTime, tipFormSchema, toTipRequest } from './tip-form-schema';

export const TIP_SAVE_ERROR = 'Error al guardar el tip';

type TipFormProps = {
  /** The tip to edit; absent to create one. */
  tip?: TManagementTip;
  onCancel: () => void;
  onSaved: (notice: string) => void;
};

type TipFormInput = z.input<ReturnType<typeof tipFormSchema>>;

export function TipForm({ tip, onCancel, onSaved }: TipFormProps) {
  const mode = tip ? 'edit' : 'create';
  const schema = useMemo(() => tipFormSchema(mode), [mode]);
  const save = useSaveTip();
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TipFormInput, unknown, TTipForm>({
    resolver: zodResolver(schema),
    defaultValues: tip
      ? {
          icon: tip.icon as TTipForm['icon'],
          title: tip.title,
          ...splitDateTime(tip.matchDate),
          analisis: tip.analisis,
          category: tip.category,
          isPublished: tip.isPublished,
        }
      : { title: '', date: '', time: '', analisis: '', category: 'free', isPublished: true },
  });

  // The form replaces the list: focus moves to its heading so keyboard and screen-reader users
  // land where the new content starts.
  useEffect(() => headingRef.current?.focus(), []);

  async function submit(values: TTipForm) {
    try {
      await save.mutateAsync({ id: tip?._id, body: toTipRequest(values) });
      onSaved(tip ? 'Tip actualizado.' : 'Tip creado.');
    } catch {
      // The mutation keeps the error; it is shown above the form.
    }
  }

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;

  return (
    <form className="editor-form" noValidate onSubmit={handleSubmit(submit)}>
      <h3 ref={headingRef} tabIndex={-1} className="editor-form__title">
        {tip ? 'Editar tip' : 'Nuevo tip'}
      </h3>
      {save.isError ? (
        <ActionError
          key={save.submittedAt}
          focus
          title={TIP_SAVE_ERROR}
          message={save.error.message}
          onDismiss={save.reset}
        />
      ) : null}

      <fieldset
        className="editor-fieldset"
        {...describedBy(id('icon-error'), errors.icon?.message)}
      >
        <legend className="editor-label">Deporte</legend>
        <div className="sport-picker">
          {SPORTS.map((sport) => (
            <label key={sport.id} className="sport-option">
              <input
                type="radio"
                className="sport-option__input"
                value={sport.id}
                {...register('icon')}
              />
              <span className="sport-option__emoji" aria-hidden="true">
                {sport.emoji}
              </span>
              <span className="sport-option__label">{sport.label}</span>
            </label>
          ))}
        </div>
        <FieldError id={id('icon-error')} message={errors.icon?.message} />
      </fieldset>

      <div className="editor-field">
        <label className="editor-label" htmlFor={id('title')}>
          Título
        </label>
        <input
          id={id('title')}
          className="editor-input"
          type="text"
          autoComplete="off"
          {...describedBy(id('title-error'), errors.title?.message)}
          {...register('title')}
        />
        <FieldError id={id('title-error')} message={errors.title?.message} />
      </div>

      <div className="editor-form__row">
        <div className="editor-field">
          <label className="editor-label" htmlFor={id('date')}>
            Fecha del partido
          </label>
          <input
            id={id('date')}
            className="editor-input"
            type="date"
            {...describedBy(id('date-error'), errors.date?.message)}
            {...register('date')}
          />
          <FieldError id={id('date-error')} message={errors.date?.message} />
        </div>
        <div className="editor-field">
          <label className="editor-label" htmlFor={id('time')}>
            Hora del partido
          </label>
          <input
            id={id('time')}
            className="editor-input"
            type="time"
            {...describedBy(id('time-error'), errors.time?.message)}
            {...register('time')}
          />
          <FieldError id={id('time-error')} message={errors.time?.message} />
        </div>
      </div>

      <div className="editor-field">
        <label className="editor-label" htmlFor={id('analisis')}>
          Análisis
        </label>
        <textarea
          id={id('analisis')}
          className="editor-input editor-textarea"
          rows={8}
          {...describedBy(id('analisis-error'), errors.analisis?.message)}
          {...register('analisis')}
        />
        <FieldError id={id('analisis-error')} message={errors.analisis?.message} />
      </div>

      <fieldset className="editor-fieldset">
        <legend className="editor-label">Categoría</legend>
        <div className="choice-row">
          <label className="choice">
            <input type="radio" value="free" {...register('category')} />
            Gratis
          </label>
          <label className="choice">
            <input type="radio" value="premium" {...register('category')} />
            VIP (premium)
          </label>
        </div>
      </fieldset>

      <label className="choice">
        <input type="checkbox" {...register('isPublished')} />
        Publicado
      </label>

      <div className="editor-form__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Guardando...' : tip ? 'Guardar cambios' : 'Crear tip'}
        </button>
      </div>
    </form>
  );
}
