import {
  GIFT_COUNT_MAX,
  GIFT_MONTHS_MAX,
  GIFT_NOTE_MAX,
  type TCreateGiftCodesRequest,
  ZCreateGiftCodesRequest,
} from '@magotips/contracts/gift-codes';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useSession } from '../../../lib/session/session-context';
import { useAvailablePacks } from '../../../lib/api/get-available-packs';
import { usePlans } from '../../../lib/api/get-plans';

/** What the inputs hold: text, as the browser gives it; the contract turns it into a request. */
type GiftForm = {
  type: 'plan' | 'pack';
  planKey: string;
  packId: string;
  months: string;
  count: string;
  /** A calendar day (YYYY-MM-DD) or empty. */
  expiresAt: string;
  note: string;
};
type Field = keyof GiftForm;
const FIELDS: Field[] = ['type', 'planKey', 'packId', 'months', 'count', 'expiresAt', 'note'];

const DEFAULTS: GiftForm = {
  type: 'plan',
  planKey: '',
  packId: '',
  months: '1',
  count: '1',
  expiresAt: '',
  note: '',
};

/** The chosen day lasts until its end where the admin is; a value that is not a day is sent as it
 * is, for the contract to refuse. */
function endOfDay(day: string): string | null {
  if (!day) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
}

function toRequest(values: GiftForm): unknown {
  const common = {
    count: values.count,
    expiresAt: endOfDay(values.expiresAt),
    note: values.note,
  };
  return values.type === 'plan'
    ? { type: 'plan', planKey: values.planKey, months: values.months, ...common }
    : { type: 'pack', packId: values.packId, ...common };
}

type GiftCodeFormProps = {
  busy: boolean;
  onCreate: (request: TCreateGiftCodesRequest) => void;
};

/** Issue 16: what a batch grants (months of a plan, or a pack), how many codes, until when. The
 * request is checked with the contract the server uses, so the texts are the same. */
export function GiftCodeForm({ busy, onCreate }: GiftCodeFormProps) {
  const id = useId();
  const { user } = useSession();
  const plans = usePlans();
  const packs = useAvailablePacks(user?._id ?? null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<GiftForm>({ defaultValues: DEFAULTS });
  const type = watch('type');

  const onSubmit = handleSubmit((values) => {
    const parsed = ZCreateGiftCodesRequest.safeParse(toRequest(values));
    if (parsed.success) {
      onCreate(parsed.data);
      return;
    }
    const seen = new Set<Field>();
    for (const issue of parsed.error.issues) {
      const head = issue.path[0];
      const field = FIELDS.find((f) => f === head) ?? 'type';
      if (seen.has(field)) continue;
      seen.add(field);
      setError(field, { message: issue.message }, { shouldFocus: seen.size === 1 });
    }
  });

  const described = (field: Field, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    errors[field]?.message ? (
      <p id={`${id}-${field}-error`} className="admin-field__error">
        {errors[field]?.message}
      </p>
    ) : null;

  return (
    <form
      className="admin-form"
      aria-label="Nuevos códigos de regalo"
      noValidate
      onSubmit={onSubmit}
    >
      <fieldset className="admin-fieldset">
        <legend className="admin-field__label">Qué regalan</legend>
        <div className="admin-types">
          <label className="admin-type">
            <input type="radio" value="plan" className="admin-type__input" {...register('type')} />
            Meses de un plan
          </label>
          <label className="admin-type">
            <input type="radio" value="pack" className="admin-type__input" {...register('type')} />
            Un pack
          </label>
        </div>
        {error('type')}
      </fieldset>

      {type === 'plan' ? (
        <div className="gift-form__row">
          <div className="admin-field">
            <label htmlFor={`${id}-plan`} className="admin-field__label">
              Plan
            </label>
            <select
              id={`${id}-plan`}
              className="admin-field__input"
              disabled={!plans.isSuccess}
              aria-invalid={errors.planKey ? true : undefined}
              aria-describedby={described('planKey')}
              {...register('planKey')}
            >
              <option value="">
                {plans.isPending
                  ? 'Cargando planes...'
                  : plans.isError
                    ? 'No se pudieron cargar los planes'
                    : 'Elige un plan'}
              </option>
              {plans.data?.data.map((plan) => (
                <option key={plan.key} value={plan.key}>
                  {plan.name}
                </option>
              ))}
            </select>
            {error('planKey')}
          </div>
          <div className="admin-field gift-form__narrow">
            <label htmlFor={`${id}-months`} className="admin-field__label">
              Meses
            </label>
            <input
              id={`${id}-months`}
              type="number"
              inputMode="numeric"
              min={1}
              max={GIFT_MONTHS_MAX}
              className="admin-field__input"
              aria-invalid={errors.months ? true : undefined}
              aria-describedby={described('months')}
              {...register('months')}
            />
            {error('months')}
          </div>
        </div>
      ) : (
        <div className="admin-field">
          <label htmlFor={`${id}-pack`} className="admin-field__label">
            Pack
          </label>
          <select
            id={`${id}-pack`}
            className="admin-field__input"
            disabled={!packs.isSuccess}
            aria-invalid={errors.packId ? true : undefined}
            aria-describedby={described('packId')}
            {...register('packId')}
          >
            <option value="">
              {packs.isPending
                ? 'Cargando packs...'
                : packs.isError
                  ? 'No se pudieron cargar los packs'
                  : 'Elige un pack'}
            </option>
            {packs.data?.data.map((pack) => (
              <option key={pack._id} value={pack._id}>
                {pack.nombre}
              </option>
            ))}
          </select>
          {error('packId')}
        </div>
      )}

      <div className="gift-form__row">
        <div className="admin-field gift-form__narrow">
          <label htmlFor={`${id}-count`} className="admin-field__label">
            Cantidad de códigos
          </label>
          <input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={GIFT_COUNT_MAX}
            className="admin-field__input"
            aria-invalid={errors.count ? true : undefined}
            aria-describedby={described('count', `${id}-count-hint`)}
            {...register('count')}
          />
          <p id={`${id}-count-hint`} className="admin-field__hint">
            Hasta {GIFT_COUNT_MAX.toLocaleString('es')} por lote.
          </p>
          {error('count')}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-expires`} className="admin-field__label">
            Caduca el <span className="field__optional">(opcional)</span>
          </label>
          <input
            id={`${id}-expires`}
            type="date"
            className="admin-field__input"
            aria-invalid={errors.expiresAt ? true : undefined}
            aria-describedby={described('expiresAt', `${id}-expires-hint`)}
            {...register('expiresAt')}
          />
          <p id={`${id}-expires-hint`} className="admin-field__hint">
            Valen hasta el final de ese día. Sin fecha, no caducan.
          </p>
          {error('expiresAt')}
        </div>
      </div>

      <div className="admin-field">
        <label htmlFor={`${id}-note`} className="admin-field__label">
          Nota <span className="field__optional">(opcional)</span>
        </label>
        <input
          id={`${id}-note`}
          type="text"
          maxLength={GIFT_NOTE_MAX}
          className="admin-field__input"
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={described('note', `${id}-note-hint`)}
          {...register('note')}
        />
        <p id={`${id}-note-hint`} className="admin-field__hint">
          Para qué son (un sorteo, un socio…). Solo la ven los administradores.
        </p>
        {error('note')}
      </div>

      <div className="admin-form__actions">
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Creando...' : 'Crear códigos'}
        </button>
      </div>
    </form>
  );
}
