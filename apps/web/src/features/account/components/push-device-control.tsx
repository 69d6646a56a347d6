import { PUSH_MSG } from '@magotips/contracts/alerts';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import {
  currentPushSubscription,
  PushDeniedError,
  pushSupport,
  subscribeThisBrowser,
  useForgetDevice,
  usePushPublicKey,
  useSaveDevice,
} from '../api/push-device';

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
  const [support, setSupport] = useState(pushSupport);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  const [working, setWorking] = useState(false);
  const key = usePushPublicKey(support !== 'unsupported');
  const saveDevice = useSaveDevice();
  const forgetDevice = useForgetDevice();

  useEffect(() => {
    let live = true;
    currentPushSubscription()
      .then((found) => live && setSubscription(found))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  if (support === 'unsupported')
    return <p className="alerts-form__note">{PUSH_TEXT.unsupported}</p>;
  if (key.isError) {
    const off = key.error instanceof ApiError && key.error.status === 404;
    return (
      <p className="alerts-form__note">
        {off ? PUSH_MSG.unavailable : errorText(key.error, PUSH_TEXT.failed)}
      </p>
    );
  }
  if (support === 'denied') return <p className="alerts-form__note">{PUSH_TEXT.denied}</p>;

  const activate = async () => {
    if (working || !key.data) return;
    setWorking(true);
    try {
      const json = await subscribeThisBrowser(key.data.publicKey);
      const answer = await saveDevice.mutateAsync(json);
      setSubscription(await currentPushSubscription());
      onResult({ notice: answer.message });
      onActivated();
    } catch (error) {
      if (error instanceof PushDeniedError) setSupport(pushSupport());
      else onResult({ failure: errorText(error, PUSH_TEXT.failed) });
    } finally {
      setWorking(false);
    }
  };

  const deactivate = async () => {
    if (working || !subscription) return;
    setWorking(true);
    try {
      const answer = await forgetDevice.mutateAsync(subscription);
      setSubscription(null);
      onResult({ notice: answer.message });
    } catch (error) {
      onResult({ failure: errorText(error, PUSH_TEXT.forgetFailed) });
    } finally {
      setWorking(false);
    }
  };

  return subscription ? (
    <div className="alerts-form__row alerts-device">
      <span className="alerts-form__note">{PUSH_TEXT.active}</span>
      <button
        type="button"
        className="btn btn--small btn--outline"
        aria-disabled={working || undefined}
        onClick={() => void deactivate()}
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
        onClick={() => void activate()}
      >
        {working ? PUSH_TEXT.activating : PUSH_TEXT.activate}
      </button>
    </div>
  );
}
