import { zodResolver } from '@hookform/resolvers/zod';
import { SPORTS } from '@magotips/contracts/sports';
import type { TManagementTip, TTipForm } from '@magotips/contracts/tips';
import { useId, useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useSaveTip } from '../api/save-tip';
import { EditorFormShell } from '../components/editor-form-shell';
import { describedBy, FieldError } from '../components/field-error';
import { FormField, TextField } from '../components/form-field';
import { BetFields } from './bet-fields';
import { betRequired, betText } from './bet-fields-schema';
import {
  splitDateTime,
  tipFormSchema,
  toTipRequest,
  type TipFormInput,
  type TipFormOutput,
} from './tip-form-schema';

export const TIP_SAVE_ERROR = 'Error al guardar el tip';
export const TIP_LOCKED_NOTE = 'El partido ya ha empezado: la apuesta queda fijada.';
export const SCHEDULE_HINT = 'El tip se publicará solo a esa hora y se enviarán los avisos.';

type TipFormProps = {
  /** The tip to edit; absent to create one. */
  tip?: TManagementTip;
  onCancel: () => void;
  /** With the tip as the server stored it: the list goes to its date. */
  onSaved: (notice: string, saved: TManagementTip) => void;
};

/** The schedule's inputs: the stored one, in the editor's time zone, or none. */
function scheduleText(tip: TManagementTip | undefined) {
  if (!tip?.publishAt) return { schedule: false, publishDate: '', publishTime: '' };
  const { date, time } = splitDateTime(tip.publishAt);
  return { schedule: true, publishDate: date, publishTime: time };
}

export function TipForm({ tip, onCancel, onSaved }: TipFormProps) {
  const mode = tip ? 'edit' : 'create';
  const requireBet = betRequired(tip);
  const schema = useMemo(() => tipFormSchema(mode, { requireBet }), [mode, requireBet]);
  const save = useSaveTip();
  const ids = useId();

  const {
    register,
    clearErrors,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TipFormInput, unknown, TipFormOutput>({
    resolver: zodResolver(schema),
    // A field's error goes as soon as the editor changes it (field), and comes back on leaving
    // it if still wrong: "1,8" on the way to "1,85" is not an error worth flashing.
    reValidateMode: 'onBlur',
    defaultValues: {
      ...(tip
        ? {
            icon: tip.icon as TTipForm['icon'],
            title: tip.title,
            ...splitDateTime(tip.matchDate),
            analisis: tip.analisis,
            category: tip.category,
            isPublished: tip.isPublished,
          }
        : { title: '', date: '', time: '', analisis: '', category: 'free', isPublished: true }),
      ...betText(tip),
      ...scheduleText(tip),
    },
  });
  const offerSchedule = !watch('isPublished');
  const scheduled = offerSchedule && watch('schedule');

  const field = (name: FieldPath<TipFormInput>) =>
    register(name, { onChange: () => clearErrors(name) });

  async function submit(values: TipFormOutput) {
    try {
      const { tip: saved } = await save.mutateAsync({
        id: tip?._id,
        body: toTipRequest(values, tip),
      });
      onSaved(tip ? 'Tip actualizado.' : 'Tip creado.', saved);
    } catch {
      // The mutation keeps the error (a 409 TIP_LOCKED included); it is shown above the form.
    }
  }

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;
  // After kick-off the bet, the category and the date are fixed (the server refuses changes).
  const lockedNoteId = tip?.locked ? id('locked-note') : undefined;

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
                {...field('icon')}
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

      <TextField
        id={id('title')}
        label="Título"
        error={errors.title?.message}
        registration={field('title')}
      />

      {lockedNoteId ? (
        <p id={lockedNoteId} className="locked-note">
          <span aria-hidden="true">🔒 </span>
          {TIP_LOCKED_NOTE}
        </p>
      ) : null}

      <div className="editor-form__row">
        <TextField
          id={id('date')}
          label="Fecha del partido"
          error={errors.date?.message}
          noteId={lockedNoteId}
          registration={field('date')}
          input={{ type: 'date', readOnly: Boolean(lockedNoteId) }}
        />
        <TextField
          id={id('time')}
          label="Hora del partido"
          error={errors.time?.message}
          noteId={lockedNoteId}
          registration={field('time')}
          input={{ type: 'time', readOnly: Boolean(lockedNoteId) }}
        />
      </div>

      <BetFields
        id={id}
        register={field}
        errors={{
          pick: errors.pick?.message,
          odds: errors.odds?.message,
          stake: errors.stake?.message,
          bookmaker: errors.bookmaker?.message,
        }}
        lockedNoteId={lockedNoteId}
        optional={!requireBet}
      />

      <FormField id={id('analisis')} label="Análisis" error={errors.analisis?.message}>
        {(control) => (
          <textarea
            {...control}
            className="editor-input editor-textarea"
            rows={8}
            {...field('analisis')}
          />
        )}
      </FormField>

      {/* Radios cannot be read-only: after kick-off they are disabled, the stored category sent. */}
      <fieldset
        className="editor-fieldset"
        disabled={Boolean(lockedNoteId)}
        aria-describedby={lockedNoteId}
      >
        <legend className="editor-label">Categoría</legend>
        <div className="choice-row">
          <label className="choice">
            <input type="radio" value="free" {...field('category')} />
            Gratis
          </label>
          <label className="choice">
            <input type="radio" value="premium" {...field('category')} />
            VIP (premium)
          </label>
        </div>
      </fieldset>

      <label className="choice">
        <input type="checkbox" {...field('isPublished')} />
        Publicado
      </label>

      {offerSchedule ? (
        <div className="schedule-field">
          <label className="choice">
            <input type="checkbox" aria-describedby={id('schedule-hint')} {...field('schedule')} />
            Programar publicación
          </label>
          <p id={id('schedule-hint')} className="field-hint">
            {SCHEDULE_HINT}
          </p>
        </div>
      ) : null}
      {scheduled ? (
        <div className="editor-form__row">
          <TextField
            id={id('publishDate')}
            label="Fecha de publicación"
            error={errors.publishDate?.message}
            registration={field('publishDate')}
            input={{ type: 'date' }}
          />
          <TextField
            id={id('publishTime')}
            label="Hora de publicación"
            error={errors.publishTime?.message}
            registration={field('publishTime')}
            input={{ type: 'time' }}
          />
        </div>
      ) : null}
    </EditorFormShell>
  );
}
