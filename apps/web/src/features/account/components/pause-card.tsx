import {
  addMonths,
  INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS,
  PAUSE_LIFT_DELAY_DAYS,
  PAUSE_MONTHS,
  type PauseMonths,
} from '@magotips/contracts/pause';
import { useId, useState } from 'react';
import { FormAlert } from '../../../components/form/form-alert';
import {
  browserTimeZone,
  pauseDateText,
  pauseOf,
  pauseStatusText,
  type PauseView,
} from '../../../lib/session/pause';
import type { TSessionUser } from '../../../lib/session/session-user';
import { useLiftPause, usePauseAccount } from '../api/pause-api';
import { PasswordConfirmDialog } from './password-confirm-dialog';
import './pause.css';

export const PAUSE_TITLE = 'Pausar mi cuenta';
const PAUSE_FAILED = 'No pudimos pausar tu cuenta. Intenta nuevamente.';
const LIFT_FAILED = 'No pudimos pedir que se levante la pausa. Intenta nuevamente.';
export const LIFT_LABEL = 'Pedir que se levante la pausa';

type Choice = PauseMonths | null;
const CHOICES: { value: Choice; label: string }[] = [
  ...PAUSE_MONTHS.map((months) => ({
    value: months,
    label: months === 1 ? '1 mes' : `${months} meses`,
  })),
  { value: null, label: 'Indefinida' },
];

/** What a pause does, in the card and again in its confirmation (decision 0116). */
function Consequences() {
  return (
    <ul className="pause-card__list">
      <li>Dejarás de recibir avisos de nuevos tips por correo, notificaciones y Telegram.</li>
      <li>No podrás hacer compras ni regalos.</li>
      <li>Se cancelará la renovación automática de tu suscripción.</li>
      <li>Saldrás del grupo VIP de Telegram.</li>
      <li>Seguirás pudiendo leer lo que ya has pagado.</li>
      <li>La pausa no se puede deshacer antes de que termine.</li>
    </ul>
  );
}

/** The reader's pause (issue 32 item 3): choose how long and confirm with the password; while
 * paused, its end, and for an indefinite pause the request to lift it once it may be made. */
export function PauseCard({ user }: { user: TSessionUser }) {
  const id = useId();
  // The answer's message outlives the switch between the two views it causes.
  const [done, setDone] = useState<{ message: string; at: number } | null>(null);
  const pause = pauseOf(user);
  return (
    <section id="pausa" className="account-card pause-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        {PAUSE_TITLE}
      </h2>
      {done ? (
        <FormAlert tone="success" focus key={done.at}>
          {done.message}
        </FormAlert>
      ) : null}
      {pause ? (
        <PausedView pause={pause} onDone={(message) => setDone({ message, at: Date.now() })} />
      ) : (
        <PauseForm
          zone={user.timeZone ?? browserTimeZone()}
          onDone={(message) => setDone({ message, at: Date.now() })}
        />
      )}
    </section>
  );
}

function PauseForm({ zone, onDone }: { zone: string; onDone: (message: string) => void }) {
  const groupName = useId();
  const call = usePauseAccount((answer) => onDone(answer.message));
  const [months, setMonths] = useState<Choice>(1);
  const [asking, setAsking] = useState(false);
  const now = new Date();
  const end = months === null ? null : addMonths(now, months);
  const liftableFrom = addMonths(now, INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS);
  return (
    <>
      <p className="account-card__text">
        Si necesitas un descanso, puedes pausar tu cuenta. Mientras dure la pausa:
      </p>
      <Consequences />
      <fieldset className="pause-card__choices">
        <legend className="field__label">Duración de la pausa</legend>
        {CHOICES.map((choice) => (
          <label key={choice.label} className="pause-card__choice">
            <input
              type="radio"
              name={groupName}
              checked={months === choice.value}
              onChange={() => setMonths(choice.value)}
            />{' '}
            {choice.label}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className="btn btn--danger"
        onClick={() => {
          call.reset();
          setAsking(true);
        }}
      >
        {PAUSE_TITLE}
      </button>
      {asking ? (
        <PasswordConfirmDialog
          title="¿Pausar tu cuenta?"
          confirmLabel="Confirmar pausa"
          busyLabel="Pausando..."
          call={call}
          failed={PAUSE_FAILED}
          onCancel={() => setAsking(false)}
          onConfirm={(password) => call.mutate({ months, password })}
        >
          <p className="confirm-dialog__detail">
            {end
              ? `Tu cuenta quedará en pausa hasta el ${dateText(end, zone)}.`
              : `La pausa será indefinida. Podrás pedir que se levante a partir del ${dateText(liftableFrom, zone)}, y se levantará ${PAUSE_LIFT_DELAY_DAYS} días después de pedirlo.`}
          </p>
          <Consequences />
        </PasswordConfirmDialog>
      ) : null}
    </>
  );
}

const dateText = (date: Date, zone: string) => pauseDateText(date, { zone });

function PausedView({ pause, onDone }: { pause: PauseView; onDone: (message: string) => void }) {
  const [asking, setAsking] = useState(false);
  // The pause goes on (now with an end), so this view and its dialog stay: the answer closes it.
  const call = useLiftPause((answer) => {
    setAsking(false);
    onDone(answer.message);
  });
  const liftable =
    pause.until === null && pause.liftableFrom !== null && pause.liftableFrom <= new Date();
  return (
    <>
      <p className="account-card__text pause-card__status">{pauseStatusText(pause)}</p>
      {pause.since ? (
        <p className="account-card__text">En pausa desde el {pauseDateText(pause.since, pause)}.</p>
      ) : null}
      <p className="account-card__text">
        Mientras dure no recibirás avisos ni podrás hacer compras ni regalos. Lo que ya has pagado
        sigue disponible.
      </p>
      {pause.until === null && pause.liftableFrom && !liftable ? (
        <p className="account-card__text">
          Podrás pedir que se levante a partir del {pauseDateText(pause.liftableFrom, pause)}.
        </p>
      ) : null}
      {liftable ? (
        <button
          type="button"
          className="btn btn--outline"
          onClick={() => {
            call.reset();
            setAsking(true);
          }}
        >
          {LIFT_LABEL}
        </button>
      ) : null}
      {asking ? (
        <PasswordConfirmDialog
          title="¿Pedir que se levante la pausa?"
          confirmLabel="Pedir que se levante"
          busyLabel="Enviando..."
          call={call}
          failed={LIFT_FAILED}
          onCancel={() => setAsking(false)}
          onConfirm={(password) => call.mutate({ password })}
        >
          <p className="confirm-dialog__detail">
            Por tu protección, la pausa terminará {PAUSE_LIFT_DELAY_DAYS} días después de pedirlo.
            Hasta entonces sigue como ahora.
          </p>
        </PasswordConfirmDialog>
      ) : null}
    </>
  );
}
