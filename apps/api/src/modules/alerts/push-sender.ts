import { RetryLater } from '../jobs/job-runner';

export type VapidIdentity = { publicKey: string; privateKey: string; subject: string };
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };
/** 'gone': the push service no longer knows this subscription (404/410); it must be removed. */
export type PushOutcome = 'sent' | 'gone';

/** A push service that refused the message. The endpoint stays out of the text: it is the
 * device's address. */
export class PushError extends Error {}

const SIX_HOURS_S = 6 * 3_600;

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds > 0) return seconds * 1_000;
  const date = header ? Date.parse(header) : Number.NaN;
  return Number.isFinite(date) ? Math.max(1_000, date - Date.now()) : 60_000;
}

/**
 * One encrypted Web Push message (RFC 8291, aes128gcm) with a VAPID Authorization (RFC 8292).
 * web-push builds the request; it is sent with fetch rather than web-push's own https-only
 * client, so the same code reaches a local push service double in tests.
 */
export async function sendPush(
  vapid: VapidIdentity,
  target: PushTarget,
  payload: string,
  fetchImpl: typeof fetch = fetch,
): Promise<PushOutcome> {
  // Loaded on the first push, not at start (web-push and its crypto helpers are not small).
  const { default: webpush } = await import('web-push');
  const request = webpush.generateRequestDetails(target, payload, {
    vapidDetails: vapid,
    TTL: SIX_HOURS_S,
    contentEncoding: 'aes128gcm',
    urgency: 'high',
  });
  let res: Response;
  try {
    res = await fetchImpl(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new PushError(
      `el servicio de push no respondió (${err instanceof Error ? err.name : 'Error'})`,
    );
  }
  if (res.status === 404 || res.status === 410) return 'gone';
  if (res.status === 429) {
    throw new RetryLater(
      retryAfterMs(res.headers.get('retry-after')),
      'el servicio de push pide esperar (429)',
    );
  }
  if (!res.ok) throw new PushError(`el servicio de push rechazó el mensaje (${res.status})`);
  return 'sent';
}

const PUSH_SERVICE_HOSTS = [
  // Chrome, Edge (FCM), Firefox (autopush), Windows (WNS), Safari (APNs for the web).
  /(^|\.)fcm\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
];

/**
 * The server will POST to whatever address a browser gives as its endpoint: only the known push
 * services are accepted over https, so the address can't point at our own network (SSRF). The
 * same list in every environment (decision 0085): a development or test server is as reachable
 * from a browser as production, and no flow subscribes the local push double through the route
 * (its tests store the double's devices through the repository).
 */
export function isAllowedPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
  );
}
