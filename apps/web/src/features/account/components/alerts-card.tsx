import { CardLoadError } from './card-load-error';
import { ALERT_MSG, type TAlertPreferences } from '@magotips/contracts/alerts';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ActionNotice } from '../../../components/ui/list-states';
import { errorText } from '../../../lib/error-text';
import {
  useAlertPreferences,
  useSaveAlertPreferences,
  useSendTestAlert,
} from '../../../lib/alerts/alerts-api';
import { PUSH_TEXT, PushDeviceControl } from './push-device-control';

export const ALERTS_TEXT = {
  title: 'Avisos de nuevos tips',
  lead: 'Te avisamos por e-mail o con una notificación en el momento en que se publica un tip nuevo.',
  free: 'Tips gratis por e-mail',
  vip: 'Tips VIP por e-mail',
  byEmail: 'Por e-mail',
  byPush: 'Notificaciones en el navegador',
  pushFree: 'Tips gratis por notificación',
  pushVip: 'Tips VIP por notificación',
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

type Channel = keyof TAlertPreferences;

const same = (a: TAlertPreferences | null, b: TAlertPreferences) =>
  a !== null &&
  a.email.free === b.email.free &&
  a.email.vip === b.email.vip &&
  a.push.free === b.push.free &&
  a.push.vip === b.push.vip;

/** Issue 15 (decision 0042): which new tips this reader hears about, by e-mail and by
 * notification on their devices; this device's notifications; and a test alert. */
export function AlertsCard() {
  const titleId = useId();
  const prefs = useAlertPreferences();
  const save = useSaveAlertPreferences();
  const test = useSendTestAlert();
  // What the reader changed and has not saved yet; null shows the server's values. Kept apart so
  // a background refetch (window focus) never overwrites a switch the reader just moved.
  const [draft, setDraft] = useState<TAlertPreferences | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const saved = prefs.data?.preferences;
  const shown = draft ??
    saved ?? { email: { free: false, vip: false }, push: { free: false, vip: false } };
  const dirty = saved !== undefined && draft !== null && !same(draft, saved);
  const busy = save.isPending || test.isPending;

  const change = (channel: Channel, key: 'free' | 'vip', value: boolean) => {
    setDraft({ ...shown, [channel]: { ...shown[channel], [key]: value } });
    // A "saved" line about the previous values would now be wrong.
    setNotice(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // aria-disabled rather than disabled while busy, so the focus stays on the button.
    if (busy || !saved) return;
    // A reader without VIP access keeps the hidden VIP values as they were saved.
    const sent: TAlertPreferences = prefs.data?.vipEligible
      ? shown
      : {
          email: { ...shown.email, vip: saved.email.vip },
          push: { ...shown.push, vip: saved.push.vip },
        };
    setNotice(null);
    setFailure(null);
    save.mutate(sent, {
      onSuccess: (answer) => {
        // A switch moved while the request was out is still a pending change.
        setDraft((current) => (same(current, sent) ? null : current));
        setNotice(answer.message ?? ALERT_MSG.preferencesSaved);
      },
      onError: (error) => setFailure(errorText(error, ALERTS_TEXT.saveFailed)),
    });
  };

  // A device just subscribed: with both push switches off it would receive nothing, so they go
  // on (VIP too when it applies) and are saved at once, e-mail as the server has it.
  const onDeviceActivated = () => {
    if (!saved || saved.push.free || saved.push.vip) return;
    const vip = prefs.data?.vipEligible ?? false;
    save.mutate(
      { email: saved.email, push: { free: true, vip } },
      {
        onSuccess: () =>
          setDraft((current) => (current ? { ...current, push: { free: true, vip } } : null)),
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
        <CardLoadError
          title={ALERTS_TEXT.loadError}
          error={prefs.error}
          onRetry={() => void prefs.refetch()}
        />
      ) : (
        <form className="alerts-form" onSubmit={onSubmit} noValidate>
          <ChannelGroup
            legend={ALERTS_TEXT.byEmail}
            labels={[ALERTS_TEXT.free, ALERTS_TEXT.vip]}
            value={shown.email}
            vipEligible={prefs.data.vipEligible}
            onChange={(key, value) => change('email', key, value)}
            // Holds the VIP switch's place (same height as the skeleton's second row) and says
            // why there is none.
            withoutVip={
              <p className="alerts-form__row alerts-form__note">{ALERT_MSG.vipNotEntitled}</p>
            }
          />
          <ChannelGroup
            legend={ALERTS_TEXT.byPush}
            labels={[ALERTS_TEXT.pushFree, ALERTS_TEXT.pushVip]}
            value={shown.push}
            vipEligible={prefs.data.vipEligible}
            onChange={(key, value) => change('push', key, value)}
          >
            <PushDeviceControl
              onActivated={onDeviceActivated}
              onResult={(outcome) => {
                setNotice(outcome.notice ?? null);
                setFailure(outcome.failure ?? null);
              }}
            />
          </ChannelGroup>
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

type ChannelGroupProps = {
  legend: string;
  /** The free and the VIP switch's labels. */
  labels: [string, string];
  value: { free: boolean; vip: boolean };
  vipEligible: boolean;
  onChange: (key: 'free' | 'vip', value: boolean) => void;
  /** Shown instead of the VIP switch to a reader who can't get VIP alerts. */
  withoutVip?: ReactNode;
  children?: ReactNode;
};

/** One channel's switches: free tips, and VIP tips for those who may read them. */
function ChannelGroup({
  legend,
  labels,
  value,
  vipEligible,
  onChange,
  withoutVip,
  children,
}: ChannelGroupProps) {
  return (
    <fieldset className="alerts-group">
      <legend className="alerts-group__legend">{legend}</legend>
      <AlertSwitch label={labels[0]} checked={value.free} onChange={(v) => onChange('free', v)} />
      {vipEligible ? (
        <AlertSwitch label={labels[1]} checked={value.vip} onChange={(v) => onChange('vip', v)} />
      ) : (
        (withoutVip ?? null)
      )}
      {children}
    </fieldset>
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

/** The loaded form's shape (as a reader without VIP access sees it: two groups of two rows, and
 * the buttons) so nothing below moves when it arrives. */
function AlertsSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        {ALERTS_TEXT.loading}
      </p>
      <div className="alerts-form alerts-form--skeleton" aria-hidden="true">
        {[
          [ALERTS_TEXT.byEmail, [ALERTS_TEXT.free, ALERTS_TEXT.vip]],
          [ALERTS_TEXT.byPush, [ALERTS_TEXT.pushFree, PUSH_TEXT.activate]],
        ].map(([legend, rows]) => (
          <span key={String(legend)} className="alerts-group">
            <span className="alerts-group__legend">{legend}</span>
            {(rows as string[]).map((row) => (
              <span key={row} className="alerts-form__row alert-switch">
                <span className="alert-switch__input" />
                <span className="alert-switch__label">{row}</span>
              </span>
            ))}
          </span>
        ))}
        <span className="alerts-form__actions">
          <span className="btn btn--small">{ALERTS_TEXT.save}</span>
          <span className="btn btn--small">{ALERTS_TEXT.test}</span>
        </span>
      </div>
    </>
  );
}
