import { z } from 'zod';

/**
 * The part of Telegram's Update (https://core.telegram.org/bots/api#update) the bot reads. Only
 * `update_id` is required: an update of another kind (an edited message, a join request, kinds
 * Telegram adds later) passes, is answered 200 and ignored. Unknown fields are dropped.
 */
export const ZTelegramUpdate = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      message_id: z.number().int(),
      chat: z.object({ id: z.number().int(), type: z.string() }),
      from: z
        .object({
          id: z.number().int(),
          is_bot: z.boolean().optional(),
          username: z.string().max(64).optional(),
        })
        .optional(),
      text: z.string().max(4096).optional(),
    })
    .optional(),
  // https://core.telegram.org/bots/api#chatjoinrequest: someone asks to enter a group the bot
  // administers (the VIP group, issue 31 item 2).
  chat_join_request: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string() }),
      from: z.object({ id: z.number().int(), is_bot: z.boolean().optional() }),
      user_chat_id: z.number().int().optional(),
      date: z.number().int().optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof ZTelegramUpdate>;

export type BotCommand =
  { kind: 'start'; payload: string | null } | { kind: 'stop' } | { kind: 'other' };

/** `/start`, `/start <payload>` (also `/start@OurBot …`, as in a group) and `/stop`. */
export function botCommand(text: string | undefined): BotCommand {
  const match = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/.exec((text ?? '').trim());
  if (!match) return { kind: 'other' };
  if (match[1] === 'stop') return { kind: 'stop' };
  return { kind: 'start', payload: match[2] ?? null };
}
