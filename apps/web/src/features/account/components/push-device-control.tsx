import { PUSH_MSG } from '@magotips/contracts/alerts';
import { usePushDevice } from '../../../lib/alerts/use-push-device';
import { errorText } from '../../../lib/error-text';

export const PUSH_TEXT = {
  activate: 'Activar notificaciones en este dispositivo',
  activating: 'Activando...',
  deactivate: 'Desactivar en este dispositivo',
  deactivating: 'Desactivando...',
  active: 'Este dispositivo recibe notificaciones.',
  unsupported: 'Este navegador no admite notificaciones.',
  denied:
    'Has bloqueado las notificaciones de MagoTips en este navegador: permítelas en los ajustes del sitio para recibirlas aquí.',
  failed: 'No se pudieron activar las notificaciones en este dispositivo',
  forgetFailed: 'No se pudieron desactivar las notificaciones en este dispositivo',
} as const;

type Props = {
  /** Told once this device is subscribed, so the card can turn the push switches on. */
  onActivated: () => void;
  onResult: (outcome: { notice?: string; failure?: string }) => void;
};

/**
 * This browser's side of Web Push: asks for permission only when the button is pressed, installs
 * the service worker, subscribes with the site's VAPID key and hands the subscription to the
 * server; or undoes all that.
 */
export function PushDeviceControl({ onActivated, onResult }: Props) {
  const { support, key, keyMissing, subscription, working, activate, deactivate } = usePushDevice();

  if (support === 'unsupported')
    return <p className="alerts-form__note">{PUSH_TEXT.unsupported}</p>;
  if (key.isError) {
    return (
      <p className="alerts-form__note">
        {keyMissing ? PUSH_MSG.unavailable : errorText(key.error, PUSH_TEXT.failed)}
      </p>
    );
  }
  if (support === 'denied') return <p className="alerts-form__note">{PUSH_TEXT.denied}</p>;

  const turnOn = async () => {
    const outcome = await activate();
    if (outcome?.kind === 'done') {
      onResult({ notice: outcome.message });
      onActivated();
    } else if (outcome?.kind === 'failed')
      onResult({ failure: errorText(outcome.error, PUSH_TEXT.failed) });
  };

  const turnOff = async () => {
    const outcome = await deactivate();
    if (outcome?.kind === 'done') onResult({ notice: outcome.message });
    else if (outcome?.kind === 'failed')
      onResult({ failure: errorText(outcome.error, PUSH_TEXT.forgetFailed) });
  };

  return subscription ? (
    <div className="alerts-form__row alerts-device">
      <span className="alerts-form__note">{PUSH_TEXT.active}</span>
      <button
        type="button"
        className="btn btn--small btn--outline"
        aria-disabled={working || undefined}
        onClick={() => void turnOff()}
      >
        {working ? PUSH_TEXT.deactivating : PUSH_TEXT.deactivate}
      </button>
    </div>
  ) : (
    <div className="alerts-form__row alerts-device">
      <button
        type="button"
        className="btn btn--small btn--outline"
        aria-disabled={working || !key.data || undefined}
        onClick={() => void turnOn()}
      >
        {working ? PUSH_TEXT.activating : PUSH_TEXT.activate}
      </button>
    </div>
  );
}
