import { zodResolver } from '@hookform/resolvers/zod';
import {
  PLAN_DURATION_MAX,
  PLAN_DURATION_MIN,
  PLAN_FEATURE_MAX,
  planKeyFromName,
  type TPlan,
} from '@magotips/contracts/subscription-plans';
import { needsPriceConfirmation } from '@magotips/contracts/price-schema';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useSavePlan } from '../api/save-plan';
import { describedBy, FieldError } from '../components/field-error';
import { PriceConfirmDialog, PriceField } from '../components/price-field';
import { ActionError } from '../../../components/ui/list-states';
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A price above $500 waits here for the editor's confirmation (decision 0035).
  const [unconfirmed, setUnconfirmed] = useState<TPlanFormOutput | null>(null);
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
        setValue('key', planKeyFromName(event.target.value), { shouldValidate: Boolean(errors.key) });
      }
    },
  });
  const keyField = register('key', {
    onChange: () => {
      keyTouched.current = true;
    },
  });
  const features = useFieldArray({ control, name: 'features' });

  useEffect(() => headingRef.current?.focus(), []);

  async function submit(values: TPlanFormOutput) {
    if (needsPriceConfirmation(values.price, plan?.price)) {
      setUnconfirmed(values);
      return;
    }
    await persist(values);
  }

  async function persist(values: TPlanFormOutput) {
    try {
      await save.mutateAsync({ id: plan?._id, body: toPlanRequest(values) });
      onSaved(plan ? 'Plan actualizado.' : 'Plan creado.');
    } catch {
      // Shown above the form from the mutation's state.
    }
  }

  function addFeature() {
    features.append({ text: '' });
    // The new line is where the editor wants to type next.
    setTimeout(() => setFocus(`features.${features.fields.length}.text`), 0);
  }

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;

  return (
    <form className="editor-form" noValidate onSubmit={handleSubmit(submit)}>
      <h3 ref={headingRef} tabIndex={-1} className="editor-form__title">
        {plan ? 'Editar plan' : 'Nuevo plan'}
      </h3>
      {save.isError ? (
        <ActionError
          key={save.submittedAt}
          focus
          title={PLAN_SAVE_ERROR}
          message={save.error.message}
          onDismiss={save.reset}
        />
      ) : null}

      <div className="editor-form__row">
        <div className="editor-field">
          <label className="editor-label" htmlFor={id('name')}>
            Nombre
          </label>
          <input
            id={id('name')}
            className="editor-input"
            type="text"
            autoComplete="off"
            {...describedBy(id('name-error'), errors.name?.message)}
            {...nameField}
          />
          <FieldError id={id('name-error')} message={errors.name?.message} />
        </div>
        <div className="editor-field">
          <label className="editor-label" htmlFor={id('key')}>
            Clave
          </label>
          <input
            id={id('key')}
            className="editor-input"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            {...describedBy(id('key-error'), errors.key?.message, id('key-hint'))}
            {...keyField}
          />
          <p id={id('key-hint')} className="field-hint">
            {plan
              ? 'Minúsculas, números, guiones y guiones bajos. Ej.: premium'
              : 'Se forma con el nombre; puedes cambiarla. Minúsculas, números, guiones y guiones bajos. Ej.: plan-trimestral'}
          </p>
          <FieldError id={id('key-error')} message={errors.key?.message} />
        </div>
      </div>

      <div className="editor-form__row">
        <PriceField
          id={id('price')}
          label="Precio mensual (USD)"
          value={watch('price')}
          registration={register('price')}
          error={errors.price?.message}
        />
        <div className="editor-field">
          <label className="editor-label" htmlFor={id('duration')}>
            Duración (meses)
          </label>
          <input
            id={id('duration')}
            className="editor-input"
            type="number"
            inputMode="numeric"
            step="1"
            min={PLAN_DURATION_MIN}
            max={PLAN_DURATION_MAX}
            {...describedBy(id('duration-error'), errors.duration?.message)}
            {...register('duration')}
          />
          <FieldError id={id('duration-error')} message={errors.duration?.message} />
        </div>
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

      <label className="choice">
        <input type="checkbox" {...register('isActive')} />
        Activo (se ofrece en la página de suscripción)
      </label>

      <div className="editor-form__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Guardando...' : plan ? 'Guardar cambios' : 'Crear plan'}
        </button>
      </div>

      {unconfirmed ? (
        <PriceConfirmDialog
          what="plan"
          price={unconfirmed.price}
          busy={busy}
          onConfirm={() => {
            const values = unconfirmed;
            setUnconfirmed(null);
            void persist(values);
          }}
          onCancel={() => {
            setUnconfirmed(null);
            setFocus('price');
          }}
        />
      ) : null}
    </form>
  );
}
