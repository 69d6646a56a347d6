import { PLAN_GRANT_LABELS, TRIAL_DAYS_MAX, TRIAL_DAYS_MIN } from '@magotips/contracts/plan-grants';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FieldError } from '../components/field-error';
import { TextField } from '../components/form-field';
import type { TPlanFormInput } from './plan-form-schema';

export const GRANTS_LEGEND = 'Qué incluye';
export const GRANTS_HINT =
  'Lo que el plan abre a quien se suscribe, y lo que muestra la comparación de planes. Todos los tips VIP ya incluyen los de los packs.';
export const TRIAL_LABEL = 'Días de prueba gratuita';
export const TRIAL_HINT = `De ${TRIAL_DAYS_MIN} (sin prueba) a ${TRIAL_DAYS_MAX}. Solo con renovación automática, una prueba por persona.`;

/** What the plan grants and its free trial (decisions 0097 and 0098), in the plan form. */
export function PlanGrantFields({
  idOf,
  register,
  errors,
}: {
  idOf: (name: string) => string;
  register: UseFormRegister<TPlanFormInput>;
  errors: FieldErrors<TPlanFormInput>;
}) {
  const grantsError = errors.includesPacks?.message;
  const errorId = `${idOf('grants')}-error`;
  return (
    <>
      <fieldset className="editor-fieldset" aria-describedby={grantsError ? errorId : undefined}>
        <legend className="editor-label">{GRANTS_LEGEND}</legend>
        <p className="field-hint">{GRANTS_HINT}</p>
        <label className="choice">
          <input type="checkbox" {...register('grantsAllVipTips')} />
          {PLAN_GRANT_LABELS.grantsAllVipTips}
        </label>
        <label className="choice">
          <input type="checkbox" {...register('includesPacks')} />
          {PLAN_GRANT_LABELS.includesPacks}
        </label>
        <FieldError id={errorId} message={grantsError} />
      </fieldset>
      <TextField
        id={idOf('trialDays')}
        label={TRIAL_LABEL}
        hint={TRIAL_HINT}
        error={errors.trialDays?.message}
        registration={register('trialDays')}
        input={{
          type: 'number',
          inputMode: 'numeric',
          step: 1,
          min: TRIAL_DAYS_MIN,
          max: TRIAL_DAYS_MAX,
        }}
      />
    </>
  );
}
