// Plain constants, no Zod: the landing imports these and must stay small.
/** Texts shown when the server sends no message (SPEC.md §8). The server's message wins. */
export const STATUS_DEFAULTS: Record<number, string> = {
  400: 'Datos inválidos. Por favor, verifica la información ingresada.',
  401: 'Sesión expirada. Por favor, inicia sesión nuevamente.',
  403: 'Acceso denegado. No tienes permisos para realizar esta acción.',
  404: 'Recurso no encontrado.',
  429: 'Demasiadas peticiones. Por favor, espera un momento antes de intentar nuevamente.',
  500: 'Error interno del servidor. Por favor, intenta más tarde.',
};

export function statusDefaultMessage(status: number): string {
  return STATUS_DEFAULTS[status] ?? `Error en la petición (${status})`;
}

export const NETWORK_ERROR_MESSAGE = 'Error de conexión con el servidor';

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  rateLimited: 'RATE_LIMITED',
  /** A body that is not JSON (the Stripe webhook and the test checkout's form have their own parsers). */
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  badRequest: 'BAD_REQUEST',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  emailTaken: 'EMAIL_TAKEN',
  emailSendError: 'EMAIL_SEND_ERROR',
  invalidCredentials: 'INVALID_CREDENTIALS',
  invalidToken: 'INVALID_TOKEN',
  tokenExpired: 'TOKEN_EXPIRED',
  invalidPassword: 'INVALID_PASSWORD',
  passwordRequired: 'PASSWORD_REQUIRED',
  noPassword: 'NO_PASSWORD',
  activeSubscription: 'ACTIVE_SUBSCRIPTION',
  packAlreadyPurchased: 'PACK_ALREADY_PURCHASED',
  pendingTransaction: 'PENDING_TRANSACTION',
  activeStripeSession: 'ACTIVE_STRIPE_SESSION',
  premiumRequired: 'PREMIUM_REQUIRED',
  packInUse: 'PACK_IN_USE',
  tipInSoldPack: 'TIP_IN_SOLD_PACK',
  /** A tip whose match has started: its bet (pick, odds, stake, category, date) is fixed. */
  tipLocked: 'TIP_LOCKED',
  /** A result for a match that has not started. */
  matchNotStarted: 'MATCH_NOT_STARTED',
  /** A result for a tip without a bet (pick, odds, stake). */
  tipNotTracked: 'TIP_NOT_TRACKED',
  /** Deleting or hiding a tip the track record counts or will count (decision 0038). */
  tipInTrackRecord: 'TIP_IN_TRACK_RECORD',
  planInUse: 'PLAN_IN_USE',
  planKeyTaken: 'PLAN_KEY_TAKEN',
  /** A Google sign-in code that is unknown, spent, expired or from another browser. */
  googleCodeInvalid: 'GOOGLE_CODE_INVALID',
  /** A gift code nobody issued, or not written like one (issue 16). */
  giftCodeInvalid: 'GIFT_CODE_INVALID',
  giftCodeUsed: 'GIFT_CODE_USED',
  /** Past its expiry, revoked, or for a pack that no longer exists. */
  giftCodeExpired: 'GIFT_CODE_EXPIRED',
  giftCodeNotRevocable: 'GIFT_CODE_NOT_REVOCABLE',
  /** A new purchase that would pass the buyer's monthly spend limit (decision 0113). */
  spendLimit: 'SPEND_LIMIT',
  /** A purchase or a gift by an account that paused itself (decision 0116). */
  paused: 'PAUSED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
