import { z } from 'zod';
import { MSG } from './messages';

export const MESSAGE_TYPES = ['info', 'warn', 'critical'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Banner colours by type: info blue, warn yellow, critical red. */
export const MESSAGE_TYPE_COLORS: Record<MessageType, { background: string; text: string; border: string }> = {
  info: { background: '#dbeafe', text: '#1e3a8a', border: '#3b82f6' },
  warn: { background: '#fef9c3', text: '#713f12', border: '#eab308' },
  critical: { background: '#fee2e2', text: '#7f1d1d', border: '#ef4444' },
};

export const GLOBAL_MESSAGE_MAX = 200;

export const ZGlobalMessageRequest = z.object({
  text: z
    .string({ error: MSG.messageEmpty })
    .trim()
    .min(1, MSG.messageEmpty)
    .max(GLOBAL_MESSAGE_MAX, MSG.messageTooLong),
  type: z.enum(MESSAGE_TYPES, { error: MSG.messageType }),
  active: z.boolean().default(true),
});
export type TGlobalMessageRequest = z.infer<typeof ZGlobalMessageRequest>;
