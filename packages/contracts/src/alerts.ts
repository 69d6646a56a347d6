import { z } from 'zod';
import { ZPagination } from './tips';

/** Alerts for new tips (issue 15, decision 0042). Texts the form and the routes share. */
export const ALERT_CHANNELS = ['email', 'telegram', 'push'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** A delivery's life: queued → sent, or failed (will retry) → dead (gave up; an admin may retry). */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'dead'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const ALERT_MSG = {
  preferencesInvalid: 'Indica para cada canal si quieres avisos de tips gratis y de tips VIP',
  preferencesSaved: 'Preferencias de avisos guardadas.',
  unsubscribeInvalid: 'El enlace para darte de baja no es válido.',
  unsubscribed: 'Listo: ya no recibirás avisos de tips por e-mail.',
  vipNotEntitled: 'Los avisos de tips VIP son para suscriptores y compradores de packs.',
  testQueued: 'Te estamos enviando un aviso de prueba a tu e-mail.',
  audienceCategory: 'Indica la categoría del tip: free o premium',
} as const;

/** POST /api/admin/alerts/{tipId}/retry's message. */
export function alertsRetriedMessage(count: number): string {
  if (count === 0) return 'Este tip no tiene avisos descartados que reintentar.';
  return count === 1
    ? 'Se ha vuelto a poner en cola 1 aviso.'
    : `Se han vuelto a poner en cola ${count} avisos.`;
}

const ZChannelPrefs = z.object(
  {
    free: z.boolean({ error: ALERT_MSG.preferencesInvalid }),
    vip: z.boolean({ error: ALERT_MSG.preferencesInvalid }),
  },
  { error: ALERT_MSG.preferencesInvalid },
);

/** GET/PUT /api/alerts/preferences. A VIP switch saved by someone who can't read VIP tips is
 * kept (it takes effect the day they subscribe) but sends nothing meanwhile. */
export const ZAlertPreferences = z.object(
  { email: ZChannelPrefs, push: ZChannelPrefs },
  { error: ALERT_MSG.preferencesInvalid },
);
export type TAlertPreferences = z.infer<typeof ZAlertPreferences>;

export const ZAlertPreferencesResponse = z.object({
  success: z.literal(true),
  preferences: ZAlertPreferences,
  /** Whether this reader may get VIP alerts now (the form shows the VIP switches only then). */
  vipEligible: z.boolean(),
  message: z.string().optional(),
});
export type TAlertPreferencesResponse = z.infer<typeof ZAlertPreferencesResponse>;

/** POST /api/alerts/unsubscribe: the signed token from an alert e-mail's link. */
export const ZUnsubscribeRequest = z.object({
  token: z
    .string({ error: ALERT_MSG.unsubscribeInvalid })
    .min(10, ALERT_MSG.unsubscribeInvalid)
    .max(600, ALERT_MSG.unsubscribeInvalid),
});
export type TUnsubscribeRequest = z.infer<typeof ZUnsubscribeRequest>;

/** The public page an alert e-mail's List-Unsubscribe link opens (GET shows a button; a POST to
 * the same address unsubscribes at once, RFC 8058). */
export const UNSUBSCRIBE_PATH = '/avisos/baja';

/** GET /api/admin/alerts?page&limit (admin): per tip that sent alerts, newest first, how many
 * deliveries are in each state. */
export const ADMIN_ALERTS_MAX_LIMIT = 50;
export const ZAdminAlertsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_ALERTS_MAX_LIMIT).default(20),
});
export type TAdminAlertsQuery = z.input<typeof ZAdminAlertsQuery>;

export const ZAdminAlertTip = z.object({
  tipId: z.string(),
  title: z.string(),
  category: z.enum(['free', 'premium']),
  publishedAt: z.string().nullable(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  dead: z.number().int(),
});
export type TAdminAlertTip = z.infer<typeof ZAdminAlertTip>;

export const ZAdminAlertsResponse = z.object({
  success: z.literal(true),
  tips: z.array(ZAdminAlertTip),
  pagination: ZPagination,
});
export type TAdminAlertsResponse = z.infer<typeof ZAdminAlertsResponse>;

/** POST /api/admin/alerts/{tipId}/retry (admin): the tip's dead deliveries go back to the queue. */
export const ZAdminAlertsRetryResponse = z.object({
  success: z.literal(true),
  retried: z.number().int(),
  message: z.string(),
});
export type TAdminAlertsRetryResponse = z.infer<typeof ZAdminAlertsRetryResponse>;

// ─── Web Push ──────────────────────────────────────────────────────────────────────────────

export const PUSH_MSG = {
  subscriptionInvalid: 'La suscripción de notificaciones de este navegador no es válida.',
  serviceRefused: 'Este navegador usa un servicio de notificaciones que no admitimos.',
  unavailable: 'Las notificaciones en el navegador no están disponibles ahora mismo.',
  subscribed: 'Notificaciones activadas en este dispositivo.',
  unsubscribed: 'Notificaciones desactivadas en este dispositivo.',
} as const;

/** POST /api/alerts/push/subscriptions: the browser's PushSubscription.toJSON(). Keys are
 * base64url (a P-256 public key of 65 bytes, an auth secret of 16). */
export const ZPushSubscriptionRequest = z.object(
  {
    endpoint: z
      .url({ error: PUSH_MSG.subscriptionInvalid })
      .max(1000, PUSH_MSG.subscriptionInvalid),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: z.string().regex(/^[\w-]{87}={0,1}$/, PUSH_MSG.subscriptionInvalid),
        auth: z.string().regex(/^[\w-]{22}={0,2}$/, PUSH_MSG.subscriptionInvalid),
      },
      { error: PUSH_MSG.subscriptionInvalid },
    ),
  },
  { error: PUSH_MSG.subscriptionInvalid },
);
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

/** DELETE /api/alerts/push/subscriptions: this device's endpoint. */
export const ZPushUnsubscribeRequest = z.object(
  {
    endpoint: z
      .url({ error: PUSH_MSG.subscriptionInvalid })
      .max(1000, PUSH_MSG.subscriptionInvalid),
  },
  { error: PUSH_MSG.subscriptionInvalid },
);
export type TPushUnsubscribeRequest = z.infer<typeof ZPushUnsubscribeRequest>;

/** GET /api/alerts/push/public-key: the VAPID key a browser subscribes with. */
export const ZPushPublicKeyResponse = z.object({ success: z.literal(true), publicKey: z.string() });
export type TPushPublicKeyResponse = z.infer<typeof ZPushPublicKeyResponse>;

/** What a push message carries to the service worker (apps/web/public/sw.js). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** GET /api/alerts/audience?category= (editors, decision 0087): how many readers a new tip of
 * that category would alert by e-mail or push (Telegram is a public channel, not counted). */
export const ZAlertAudienceQuery = z.object({
  category: z.enum(['free', 'premium'], { error: ALERT_MSG.audienceCategory }),
});
export type TAlertAudienceQuery = z.infer<typeof ZAlertAudienceQuery>;

export const ZAlertAudienceResponse = z.object({
  success: z.literal(true),
  category: z.enum(['free', 'premium']),
  readers: z.number().int().min(0),
});
export type TAlertAudienceResponse = z.infer<typeof ZAlertAudienceResponse>;

/** The question before a tip's first publication names who reads it and how many are alerted:
 * "Se publicará para todos y se avisará a 12 lectores." `readers` null while unknown; `when`,
 * a scheduled publication's time as the editor reads it; `late`, a match already under way,
 * whose first publication alerts nobody (issue 29 item 14). */
export function publishAudienceText(input: {
  category: 'free' | 'premium';
  readers: number | null;
  when: string | null;
  late: boolean;
}): string {
  const audience = input.category === 'free' ? 'para todos' : 'para los suscriptores VIP';
  const start = input.when
    ? `Se publicará el ${input.when} ${audience}`
    : `Se publicará ${audience}`;
  if (input.late) return `${start}. El partido ya ha empezado: no se avisará a nadie.`;
  if (input.readers === null)
    return `${start} y se avisará a los lectores con los avisos activados.`;
  const readers = input.readers === 1 ? '1 lector' : `${input.readers} lectores`;
  return `${start} y se avisará a ${readers}.`;
}
