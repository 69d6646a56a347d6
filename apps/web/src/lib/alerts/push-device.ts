import {
  type TPushPublicKeyResponse,
  type TPushSubscriptionRequest,
} from '@magotips/contracts/alerts';
import type { TMessageResponse } from '@magotips/contracts/auth';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** What this browser can do about notifications, before anything is asked. */
export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

/** The VAPID key arrives base64url; the browser wants its bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's subscription, if it has one (without registering anything). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export class PushDeniedError extends Error {}

/** Asks for permission (only ever from a click), installs the service worker and subscribes. */
export async function subscribeThisBrowser(publicKey: string): Promise<TPushSubscriptionRequest> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError(permission);
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return subscription.toJSON() as TPushSubscriptionRequest;
}

export const PUSH_KEY_QUERY = ['alerts', 'push-public-key'] as const;

/** GET /api/alerts/push/public-key; a 404 means push is off on this deployment. */
export function usePushPublicKey(enabled: boolean) {
  return useQuery({
    queryKey: PUSH_KEY_QUERY,
    queryFn: ({ signal }) =>
      apiRequest<TPushPublicKeyResponse>('/alerts/push/public-key', { signal }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useSaveDevice() {
  return useMutation({
    mutationFn: (subscription: TPushSubscriptionRequest) =>
      apiRequest<TMessageResponse>('/alerts/push/subscriptions', {
        method: 'POST',
        body: subscription,
      }),
  });
}

/** Unsubscribes in the browser first (it stops at once), then tells the server. */
export function useForgetDevice() {
  return useMutation({
    mutationFn: async (subscription: PushSubscription) => {
      const { endpoint } = subscription;
      await subscription.unsubscribe();
      return apiRequest<TMessageResponse>('/alerts/push/subscriptions', {
        method: 'DELETE',
        body: { endpoint },
      });
    },
  });
}
