import { zodResolver } from '@hookform/resolvers/zod';
import { SPORTS } from '@magotips/contracts/sports';
import type { TManagementTip, TTipForm } from '@magotips/contracts/tips';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSaveTip } from '../api/save-tip';
import { describedBy, FieldError } from '../components/field-error';
import { FormField } from '../components/form-field';
import { EditorFormShell } from '../components/editor-form-shell';
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
    <EditorFormShell
      title={tip ? 'Editar tip' : 'Nuevo tip'}
      saveErrorTitle={TIP_SAVE_ERROR}
      save={save}
      busy={busy}
      submitLabel={tip ? 'Guardar cambios' : 'Crear tip'}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
    >
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

      <FormField id={id('title')} label="Título" error={errors.title?.message}>
        {(control) => (
          <input
            {...control}
            className="editor-input"
            type="text"
            autoComplete="off"
            {...register('title')}
          />
        )}
      </FormField>

      <div className="editor-form__row">
        <FormField id={id('date')} label="Fecha del partido" error={errors.date?.message}>
          {(control) => (
            <input {...control} className="editor-input" type="date" {...register('date')} />
          )}
        </FormField>
        <FormField id={id('time')} label="Hora del partido" error={errors.time?.message}>
          {(control) => (
            <input {...control} className="editor-input" type="time" {...register('time')} />
          )}
        </FormField>
      </div>

      <FormField id={id('analisis')} label="Análisis" error={errors.analisis?.message}>
        {(control) => (
          <textarea
            {...control}
            className="editor-input editor-textarea"
            rows={8}
            {...register('analisis')}
          />
        )}
      </FormField>

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
    </EditorFormShell>
  );
}
