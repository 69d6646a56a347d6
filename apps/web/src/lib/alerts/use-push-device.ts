import { useEffect, useState } from 'react';
import { ApiError } from '../api-error';
import {
  currentPushSubscription,
  PushDeniedError,
  pushSupport,
  subscribeThisBrowser,
  useForgetDevice,
  usePushPublicKey,
  useSaveDevice,
} from './push-device';

/** What pressing "activate" or "deactivate" came to; null when a press was already in flight or
 * the site's key has not arrived. */
export type PushDeviceOutcome =
  | { kind: 'done'; message: string }
  | { kind: 'denied' }
  | { kind: 'failed'; error: unknown }
  | null;

/**
 * This browser's side of Web Push, shared by the account card and the alerts offer: what it
 * supports, its subscription, and subscribing (permission asked only from a press) or
 * unsubscribing, each told to the server.
 */
export function usePushDevice() {
  const [support, setSupport] = useState(pushSupport);
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  // Until the browser has said whether it holds a subscription, "on" cannot be told.
  const [checked, setChecked] = useState(false);
  const [working, setWorking] = useState(false);
  const key = usePushPublicKey(support !== 'unsupported');
  const saveDevice = useSaveDevice();
  const forgetDevice = useForgetDevice();

  useEffect(() => {
    let live = true;
    currentPushSubscription()
      .then((found) => live && setSubscription(found))
      .catch(() => undefined)
      .finally(() => live && setChecked(true));
    return () => {
      live = false;
    };
  }, []);

  /** A 404 for the key: push is off on this deployment. */
  const keyMissing = key.isError && key.error instanceof ApiError && key.error.status === 404;

  const activate = async (): Promise<PushDeviceOutcome> => {
    if (working || !key.data) return null;
    setWorking(true);
    try {
      const json = await subscribeThisBrowser(key.data.publicKey);
      const answer = await saveDevice.mutateAsync(json);
      setSubscription(await currentPushSubscription());
      return { kind: 'done', message: answer.message };
    } catch (error) {
      if (error instanceof PushDeniedError) {
        setSupport(pushSupport());
        return { kind: 'denied' };
      }
      return { kind: 'failed', error };
    } finally {
      setWorking(false);
    }
  };

  const deactivate = async (): Promise<PushDeviceOutcome> => {
    if (working || !subscription) return null;
    setWorking(true);
    try {
      const answer = await forgetDevice.mutateAsync(subscription);
      setSubscription(null);
      return { kind: 'done', message: answer.message };
    } catch (error) {
      return { kind: 'failed', error };
    } finally {
      setWorking(false);
    }
  };

  return { support, key, keyMissing, subscription, checked, working, activate, deactivate };
}
