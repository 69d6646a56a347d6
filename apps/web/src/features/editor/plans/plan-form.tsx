import { zodResolver } from '@hookform/resolvers/zod';
import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import {
  PLAN_DURATION_MAX,
  PLAN_DURATION_MIN,
  PLAN_FEATURE_MAX,
  planKeyFromName,
  type TPlan,
} from '@magotips/contracts/subscription-plans';
import { useId, useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSavePlan } from '../api/save-plan';
import { EditorFormShell } from '../components/editor-form-shell';
import { describedBy, FieldError } from '../components/field-error';
import { TextField } from '../components/form-field';
import { usePriceCheck } from '../components/price-check';
import { PriceField } from '../components/price-field';
import { PlanGrantFields } from './plan-grant-fields';
import {
  planFormDefaults,
  toPlanRequest,
  ZPlanForm,
  type TPlanFormInput,
  type TPlanFormOutput,
} from './plan-form-schema';

export const PLAN_SAVE_ERROR = 'Error al guardar el plan';

type PlanFormProps = {
  plan?: TPlan;
  onCancel: () => void;
  onSaved: (notice: string) => void;
};

export function PlanForm({ plan, onCancel, onSaved }: PlanFormProps) {
  const save = useSavePlan();
  const ids = useId();
  // A new plan's key follows its name ("Plan Trimestral" → plan-trimestral) until the editor
  // types a key of their own; an existing plan keeps its key (subscriptions refer to it).
  const keyTouched = useRef(Boolean(plan));
  const {
    register,
    control,
    handleSubmit,
    setFocus,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TPlanFormInput, unknown, TPlanFormOutput>({
    resolver: zodResolver(ZPlanForm),
    defaultValues: planFormDefaults(plan),
  });
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!keyTouched.current) {
        setValue('key', planKeyFromName(event.target.value), {
          shouldValidate: Boolean(errors.key),
        });
      }
    },
  });
  const keyField = register('key', {
    onChange: () => {
      keyTouched.current = true;
    },
  });
  const features = useFieldArray({ control, name: 'features' });

  async function persist(values: TPlanFormOutput) {
    try {
      await save.mutateAsync({ id: plan?._id, body: toPlanRequest(values) });
      onSaved(plan ? 'Plan actualizado.' : 'Plan creado.');
    } catch {
      // Shown above the form from the mutation's state.
    }
  }

  const priceCheck = usePriceCheck<TPlanFormOutput>({
    what: 'plan',
    priceOf: (values) => values.price,
    previous: plan?.price,
    persist,
    onRefused: () => setFocus('price'),
  });

  function addFeature() {
    features.append({ text: '' });
    // The new line is where the editor wants to type next.
    setTimeout(() => setFocus(`features.${features.fields.length}.text`), 0);
  }

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;

  return (
    <EditorFormShell
      title={plan ? 'Editar plan' : 'Nuevo plan'}
      saveErrorTitle={PLAN_SAVE_ERROR}
      save={save}
      busy={busy}
      submitLabel={plan ? 'Guardar cambios' : 'Crear plan'}
      onSubmit={handleSubmit(priceCheck.submit)}
      onCancel={onCancel}
      // Only a save in flight disables the question: the submit that opened it is over.
      dialogs={priceCheck.dialog(save.isPending)}
    >
      <div className="editor-form__row">
        <TextField
          id={id('name')}
          label="Nombre"
          error={errors.name?.message}
          registration={nameField}
        />
        <TextField
          id={id('key')}
          label="Clave"
          error={errors.key?.message}
          hint={
            plan
              ? 'Minúsculas, números, guiones y guiones bajos. Ej.: premium'
              : 'Se forma con el nombre; puedes cambiarla. Minúsculas, números, guiones y guiones bajos. Ej.: plan-trimestral'
          }
          registration={keyField}
          input={{ autoCapitalize: 'none', spellCheck: false }}
        />
      </div>

      <div className="editor-form__row">
        <PriceField
          id={id('price')}
          label="Precio mensual (USD)"
          value={watch('price')}
          registration={register('price')}
          error={errors.price?.message}
        />
        <TextField
          id={id('duration')}
          label="Duración (meses)"
          error={errors.duration?.message}
          registration={register('duration')}
          input={{
            type: 'number',
            inputMode: 'numeric',
            step: 1,
            min: PLAN_DURATION_MIN,
            max: PLAN_DURATION_MAX,
          }}
        />
      </div>

      <div className="editor-form__row">
        <PriceField
          id={id('yearly-price')}
          label={PERIOD_TEXT.yearlyPriceLabel}
          note={PERIOD_TEXT.yearlyPriceHint}
          value={watch('yearlyPrice')}
          registration={register('yearlyPrice')}
          error={errors.yearlyPrice?.message}
        />
      </div>

      <fieldset className="editor-fieldset">
        <legend className="editor-label">Beneficios</legend>
        <p className="field-hint">
          Una línea por beneficio, de {PLAN_FEATURE_MAX} caracteres como máximo.
        </p>
        <ol className="feature-lines">
          {features.fields.map((field, index) => {
            const message = errors.features?.[index]?.text?.message;
            const inputId = id(`feature-${index}`);
            return (
              <li key={field.id} className="feature-line">
                <div className="feature-line__row">
                  <label className="visually-hidden" htmlFor={inputId}>
                    Beneficio {index + 1}
                  </label>
                  <input
                    id={inputId}
                    className="editor-input"
                    type="text"
                    autoComplete="off"
                    {...describedBy(`${inputId}-error`, message)}
                    {...register(`features.${index}.text`)}
                  />
                  <button
                    type="button"
                    className="btn btn--small btn--danger-outline"
                    aria-label={`Quitar el beneficio ${index + 1}`}
                    onClick={() => features.remove(index)}
                  >
                    Quitar
                  </button>
                </div>
                <FieldError id={`${inputId}-error`} message={message} />
              </li>
            );
          })}
        </ol>
        <button type="button" className="btn btn--small btn--outline" onClick={addFeature}>
          + Añadir beneficio
        </button>
      </fieldset>

      <PlanGrantFields idOf={id} register={register} errors={errors} />

      <label className="choice">
        <input type="checkbox" {...register('isActive')} />
        Activo (se ofrece en la página de suscripción)
      </label>
    </EditorFormShell>
  );
}
