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
  // https://core.telegram.org/bots/api#chatmemberupdated: someone's status in a group changed.
  // The bot hears it for the VIP group (it is an admin there, and asks for it in
  // allowed_updates) to see who used which of its one-person links (decision 0104).
  chat_member: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string() }),
      old_chat_member: z.object({ status: z.string(), is_member: z.boolean().optional() }),
      new_chat_member: z.object({
        status: z.string(),
        is_member: z.boolean().optional(),
        user: z.object({ id: z.number().int(), is_bot: z.boolean().optional() }),
      }),
      // Full only for links the bot created (others end in "…"), which are the ones it checks.
      invite_link: z.object({ invite_link: z.string().max(255) }).optional(),
    })
    .optional(),
});
export type TelegramUpdate = z.infer<typeof ZTelegramUpdate>;

type MemberStatus = { status: string; is_member?: boolean | undefined };
const inside = (m: MemberStatus) =>
  ['creator', 'administrator', 'member'].includes(m.status) ||
  (m.status === 'restricted' && m.is_member === true);

/** A chat_member update that is someone entering the group through an invite link: the link
 * they used and who they are; null for anything else (leaving, promotions, other doors). */
export function joinedThroughLink(
  update: TelegramUpdate,
): { chatId: number; telegramUserId: number; inviteLink: string } | null {
  const change = update.chat_member;
  if (!change?.invite_link || change.new_chat_member.user.is_bot) return null;
  if (inside(change.old_chat_member) || !inside(change.new_chat_member)) return null;
  return {
    chatId: change.chat.id,
    telegramUserId: change.new_chat_member.user.id,
    inviteLink: change.invite_link.invite_link,
  };
}

export type BotCommand =
  { kind: 'start'; payload: string | null } | { kind: 'stop' } | { kind: 'other' };

/** `/start`, `/start <payload>` (also `/start@OurBot …`, as in a group) and `/stop`. */
export function botCommand(text: string | undefined): BotCommand {
  const match = /^\/(start|stop)(?:@\w+)?(?:\s+(\S+))?\s*$/.exec((text ?? '').trim());
  if (!match) return { kind: 'other' };
  if (match[1] === 'stop') return { kind: 'stop' };
  return { kind: 'start', payload: match[2] ?? null };
}
