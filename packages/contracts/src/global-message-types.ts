// Plain constants, no Zod: the global banner sits on the landing, whose first download must
// stay free of Zod (see http-errors.ts).

export const MESSAGE_TYPES = ['info', 'warn', 'critical'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Banner colours by type: info blue, warn yellow, critical red. */
export const MESSAGE_TYPE_COLORS: Record<
  MessageType,
  { background: string; text: string; border: string }
> = {
  info: { background: '#dbeafe', text: '#1e3a8a', border: '#3b82f6' },
  warn: { background: '#fef9c3', text: '#713f12', border: '#eab308' },
  critical: { background: '#fee2e2', text: '#7f1d1d', border: '#ef4444' },
};

export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  info: 'Información',
  warn: 'Advertencia',
  critical: 'Crítico',
};

export const GLOBAL_MESSAGE_MAX = 200;

/** At most this many active messages reach the banner: a wall of notices helps nobody. */
export const GLOBAL_MESSAGES_PUBLIC_LIMIT = 20;

/** GET /api/messages and the admin list, as plain types for code that must not load Zod. */
export type TGlobalMessage = {
  id: string;
  text: string;
  type: MessageType;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  /** "Mostrar hasta": from then on it no longer shows; null, until it is switched off. */
  endsAt: string | null;
};

/** Whether the banner shows `message` at `now`: active, and its "Mostrar hasta" still ahead. The
 * API's public list applies the same test in SQL; the banner repeats it for a page left open. */
export function isMessageShown(
  message: Pick<TGlobalMessage, 'active' | 'endsAt'>,
  now: Date,
): boolean {
  // `!endsAt`: an answer from before the field (a cached one) has no end either.
  return message.active && (!message.endsAt || Date.parse(message.endsAt) > now.getTime());
}
export type TGlobalMessageListResponse = { success: true; messages: TGlobalMessage[] };
