import { ALERT_MSG, type TAlertPreferences } from '@magotips/contracts/alerts';
import { useId, useState, type FormEvent } from 'react';
import { ActionNotice } from '../../../components/ui/list-states';
import { errorText } from '../../auth/error-text';
import { useAlertPreferences, useSaveAlertPreferences, useSendTestAlert } from '../api/alerts-api';

export const ALERTS_TEXT = {
  title: 'Avisos de nuevos tips',
  lead: 'Te enviamos un e-mail en el momento en que se publica un tip nuevo.',
  free: 'Tips gratis por e-mail',
  vip: 'Tips VIP por e-mail',
  save: 'Guardar',
  saving: 'Guardando...',
  unsaved: 'Tienes cambios sin guardar.',
  test: 'Enviar aviso de prueba',
  testing: 'Enviando...',
  loading: 'Cargando tus avisos...',
  loadError: 'No se pudieron cargar tus avisos',
  saveFailed: 'No se pudieron guardar tus avisos',
  testFailed: 'No se pudo enviar el aviso de prueba',
} as const;

type EmailPrefs = TAlertPreferences['email'];

const sameEmail = (a: EmailPrefs | null, b: EmailPrefs) =>
  a !== null && a.free === b.free && a.vip === b.vip;

/** Issue 15 (decision 0042): which new tips this reader hears about by e-mail, and a test e-mail
 * to see what one looks like. Web Push comes later: its saved values travel back untouched. */
export function AlertsCard() {
  const titleId = useId();
  const prefs = useAlertPreferences();
  const save = useSaveAlertPreferences();
  const test = useSendTestAlert();
  // What the reader changed and has not saved yet; null shows the server's values. Kept apart so
  // a background refetch (window focus) never overwrites a switch the reader just moved.
  const [draft, setDraft] = useState<EmailPrefs | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const saved = prefs.data?.preferences;
  const email = draft ?? saved?.email ?? { free: false, vip: false };
  const dirty = saved !== undefined && draft !== null && !sameEmail(draft, saved.email);
  const busy = save.isPending || test.isPending;

  const change = (key: keyof EmailPrefs, value: boolean) => {
    setDraft({ ...email, [key]: value });
    // A "saved" line about the previous values would now be wrong.
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // aria-disabled rather than disabled while busy, so the focus stays on the button.
    if (busy || !saved) return;
    const sent: EmailPrefs = { ...email };
    setNotice(null);
    setFailure(null);
    save.mutate(
      { email: sent, push: saved.push },
      {
        onSuccess: (answer) => {
          // A switch moved while the request was out is still a pending change.
          setDraft((current) => (sameEmail(current, sent) ? null : current));
          setNotice(answer.message ?? ALERT_MSG.preferencesSaved);
        },
        onError: (error) => setFailure(errorText(error, ALERTS_TEXT.saveFailed)),
      },
    );
  };

  const sendTest = () => {
    if (busy) return;
    setNotice(null);
    setFailure(null);
    test.mutate(undefined, {
      onSuccess: (answer) => setNotice(answer.message),
      onError: (error) => setFailure(errorText(error, ALERTS_TEXT.testFailed)),
    });
  };

  return (
    <section id="avisos" className="account-card alerts-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="account-card__title">
        {ALERTS_TEXT.title}
      </h3>
      <p className="account-card__text">{ALERTS_TEXT.lead}</p>
      {prefs.isPending ? (
        <AlertsSkeleton />
      ) : prefs.isError ? (
        <div className="form-alert form-alert--error" role="alert">
          <p>
            <strong>{ALERTS_TEXT.loadError}</strong>
          </p>
          {errorText(prefs.error, '') ? <p>{errorText(prefs.error, '')}</p> : null}
          <button
            type="button"
            className="btn btn--small btn--outline"
            onClick={() => void prefs.refetch()}
          >
            Reintentar
          </button>
        </div>
      ) : (
        <form className="alerts-form" onSubmit={onSubmit} noValidate>
          <AlertSwitch
            label={ALERTS_TEXT.free}
            checked={email.free}
            onChange={(value) => change('free', value)}
          />
          {prefs.data.vipEligible ? (
            <AlertSwitch
              label={ALERTS_TEXT.vip}
              checked={email.vip}
              onChange={(value) => change('vip', value)}
            />
          ) : (
            // Holds the VIP switch's place (same height as the skeleton's second row) and says
            // why there is none.
            <p className="alerts-form__row alerts-form__note">{ALERT_MSG.vipNotEntitled}</p>
          )}
          <div className="alerts-form__actions">
            <button
              type="submit"
              className="btn btn--small btn--gold"
              aria-disabled={busy || undefined}
            >
              {save.isPending ? ALERTS_TEXT.saving : ALERTS_TEXT.save}
            </button>
            <button
              type="button"
              className="btn btn--small btn--outline"
              aria-disabled={busy || undefined}
              onClick={sendTest}
            >
              {test.isPending ? ALERTS_TEXT.testing : ALERTS_TEXT.test}
            </button>
            {dirty ? <span className="alerts-form__unsaved">{ALERTS_TEXT.unsaved}</span> : null}
          </div>
        </form>
      )}
      {/* Always in the page, so screen readers announce each new outcome (a live region added
          together with its text is often not read). */}
      <ActionNotice text={notice} />
      {failure ? (
        <p className="form-alert form-alert--error" role="alert">
          {failure}
        </p>
      ) : null}
    </section>
  );
}

function AlertSwitch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="alerts-form__row alert-switch">
      <input
        type="checkbox"
        role="switch"
        className="alert-switch__input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="alert-switch__label">{label}</span>
    </label>
  );
}

/** The loaded form's shape (two rows and the buttons) so nothing below moves when it arrives. */
function AlertsSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        {ALERTS_TEXT.loading}
      </p>
      <div className="alerts-form alerts-form--skeleton" aria-hidden="true">
        <span className="alerts-form__row alert-switch">
          <span className="alert-switch__input" />
          <span className="alert-switch__label">{ALERTS_TEXT.free}</span>
        </span>
        <span className="alerts-form__row alert-switch">
          <span className="alert-switch__input" />
          <span className="alert-switch__label">{ALERTS_TEXT.vip}</span>
        </span>
        <span className="alerts-form__actions">
          <span className="btn btn--small">{ALERTS_TEXT.save}</span>
          <span className="btn btn--small">{ALERTS_TEXT.test}</span>
        </span>
      </div>
    </>
  );
}
