import { zodResolver } from '@hookform/resolvers/zod';
import { MSG } from '@magotips/contracts/messages';
import { SPORTS } from '@magotips/contracts/sports';
import type { TManagementTip, TTipForm, TTipRequest } from '@magotips/contracts/tips';
import { useId, useMemo } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useSaveTip } from '../api/save-tip';
import { EditorFormShell } from '../components/editor-form-shell';
import { describedBy, FieldError } from '../components/field-error';
import { FormField, TextField } from '../components/form-field';
import { BetChoice } from './bet-choice';
import { BetFields } from './bet-fields';
import { usePublishCheck } from './publish-check';
import { betModeOf, betText } from './bet-fields-schema';
import { TitleWarning, vipTitleWarning } from './vip-title-warning';
import {
  splitDateTime,
  tipFormSchema,
  toTipRequest,
  type TipFormInput,
  type TipFormOutput,
} from './tip-form-schema';

export const TIP_SAVE_ERROR = 'Error al guardar el tip';
/** The API's 409 text (MSG.tipLocked) as the form's standing note: the same list of what is
 * fixed, after "Partido empezado:". */
export const TIP_LOCKED_NOTE = `Partido empezado: ${MSG.tipLocked.slice(MSG.tipLocked.indexOf(':') + 2)}`;
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
  const storedMatchDate = tip?.matchDate;
  const schema = useMemo(() => tipFormSchema(mode, { storedMatchDate }), [mode, storedMatchDate]);
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
      betMode: betModeOf(tip),
      ...betText(tip),
      ...scheduleText(tip),
    },
  });
  const offerSchedule = !watch('isPublished');
  const scheduled = offerSchedule && watch('schedule');
  const withBet = watch('betMode') === 'bet';
  // As the editor types (the proof issue, item 4): the contract's rule, the API's words.
  const titleWarning = vipTitleWarning({
    category: watch('category'),
    title: watch('title'),
    pick: withBet ? watch('pick') : '',
    error: errors.title?.message,
  });

  const field = (name: FieldPath<TipFormInput>) =>
    register(name, { onChange: () => clearErrors(name) });

  async function persist(body: TTipRequest) {
    try {
      const { tip: saved } = await save.mutateAsync({ id: tip?._id, body });
      onSaved(tip ? 'Tip actualizado.' : 'Tip creado.', saved);
    } catch {
      // The mutation keeps the error (a 409 TIP_LOCKED included); it is shown above the form.
    }
  }
  // A first publication asks first, naming its audience and how many readers it alerts.
  const publishCheck = usePublishCheck({ tip, persist });
  const submit = (values: TipFormOutput) => publishCheck.submit(toTipRequest(values, tip));

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;
  // After kick-off the match (title, sport, date, category) and the bet are fixed: the server
  // refuses any change (409 TIP_LOCKED), so the fields are disabled and say why.
  const lockedNoteId = tip?.locked ? id('locked-note') : undefined;
  const locked = Boolean(lockedNoteId);

  return (
    <EditorFormShell
      title={tip ? 'Editar tip' : 'Nuevo tip'}
      saveErrorTitle={TIP_SAVE_ERROR}
      save={save}
      busy={busy}
      submitLabel={tip ? 'Guardar cambios' : 'Crear tip'}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
      dialogs={publishCheck.dialog(save.isPending)}
    >
      {lockedNoteId ? (
        <p id={lockedNoteId} className="locked-note">
          <span aria-hidden="true">🔒 </span>
          {TIP_LOCKED_NOTE}
        </p>
      ) : null}

      <fieldset
        className="editor-fieldset"
        disabled={locked}
        {...describedBy(id('icon-error'), errors.icon?.message, lockedNoteId)}
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
        noteId={[lockedNoteId, titleWarning ? id('title-warning') : null].filter(Boolean).join(' ')}
        registration={field('title')}
        input={{ disabled: locked }}
      />
      <TitleWarning id={id('title-warning')} message={titleWarning} />

      <div className="editor-form__row">
        <TextField
          id={id('date')}
          label="Fecha del partido"
          error={errors.date?.message}
          noteId={lockedNoteId}
          registration={field('date')}
          input={{ type: 'date', disabled: locked }}
        />
        <TextField
          id={id('time')}
          label="Hora del partido"
          error={errors.time?.message}
          noteId={lockedNoteId}
          registration={field('time')}
          input={{ type: 'time', disabled: locked }}
        />
      </div>

      <BetChoice id={id} register={field('betMode')} lockedNoteId={lockedNoteId}>
        {withBet ? (
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
          />
        ) : null}
      </BetChoice>

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

      {/* After kick-off the radios are disabled and the stored category is sent. */}
      <fieldset className="editor-fieldset" disabled={locked} aria-describedby={lockedNoteId}>
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
