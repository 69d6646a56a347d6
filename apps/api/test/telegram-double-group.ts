/**
 * The paid VIP group's side of the Bot API double (issue 31 item 2): the methods a bot that
 * administers a supergroup calls, checked as https://core.telegram.org/bots/api documents them,
 * and the group's state they change. Kept apart from telegram-double.ts, which spreads
 * `methods` into its own table and routes 429s through `refuse`.
 */

type Answer = { status: number; body: unknown };
const ok = (result: unknown): Answer => ({ status: 200, body: { ok: true, result } });
const badRequest = (description: string): Answer => ({
  status: 400,
  body: { ok: false, error_code: 400, description: `Bad Request: ${description}` },
});
const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isChatId = (v: unknown) => isInt(v) || (typeof v === 'string' && v !== '');

export type InviteLink = {
  invite_link: string;
  name?: string;
  expire_date?: number;
  member_limit?: number;
  is_revoked: boolean;
  /** Telegram users who joined through it. */
  joined: number[];
};

export function groupDouble(opts: { chatId: number; botId: number }) {
  const links = new Map<string, InviteLink>();
  const members = new Set<number>();
  const banned = new Set<number>();
  const requests = new Set<number>();
  /** Removals as Telegram saw them: a ban, then its lift. */
  const removals: number[] = [];
  const refusals = new Map<string, { left: number; retryAfter: number }>();
  let nextLink = 1;

  /** 429 for the next calls of `method` (flood control), as the real API answers it. */
  const refused = (method: string): Answer | null => {
    const r = refusals.get(method);
    if (!r || r.left <= 0) return null;
    r.left -= 1;
    return {
      status: 429,
      body: {
        ok: false,
        error_code: 429,
        description: `Too Many Requests: retry after ${r.retryAfter}`,
        parameters: { retry_after: r.retryAfter },
      },
    };
  };
  /** chat_id and user_id, as every member method takes them. */
  const target = (p: Record<string, unknown>): Answer | null => {
    if (!isChatId(p.chat_id)) return badRequest('chat_id is empty');
    if (Number(p.chat_id) !== opts.chatId) return badRequest('chat not found');
    if (p.user_id !== undefined && !isInt(p.user_id))
      return badRequest('invalid user_id specified');
    return null;
  };
  const guarded =
    (method: string, run: (p: Record<string, unknown>) => Answer) =>
    (p: Record<string, unknown>): Answer =>
      target(p) ?? refused(method) ?? run(p);

  const methods: Record<string, (p: Record<string, unknown>) => Answer> = {
    createChatInviteLink: guarded('createChatInviteLink', (p) => {
      if (p.name !== undefined && (typeof p.name !== 'string' || p.name.length > 32))
        return badRequest('invite link name is too long');
      if (p.expire_date !== undefined && !isInt(p.expire_date))
        return badRequest('invalid expire date');
      if (p.member_limit !== undefined) {
        if (!isInt(p.member_limit) || p.member_limit < 1 || p.member_limit > 99_999)
          return badRequest('invalid member limit');
        if (p.creates_join_request === true)
          return badRequest("member limit can't be specified for links requiring approval");
      }
      const link: InviteLink = {
        invite_link: `https://t.me/+vipDouble${String(nextLink++).padStart(6, '0')}`,
        is_revoked: false,
        joined: [],
        ...(typeof p.name === 'string' ? { name: p.name } : {}),
        ...(isInt(p.expire_date) ? { expire_date: p.expire_date } : {}),
        ...(isInt(p.member_limit) ? { member_limit: p.member_limit } : {}),
      };
      links.set(link.invite_link, link);
      const { joined: _joined, ...shown } = link;
      return ok({
        ...shown,
        creator: { id: opts.botId, is_bot: true, first_name: 'MagoTips' },
        creates_join_request: false,
        is_primary: false,
      });
    }),
    revokeChatInviteLink: guarded('revokeChatInviteLink', (p) => {
      const link = typeof p.invite_link === 'string' ? links.get(p.invite_link) : undefined;
      if (!link) return badRequest('INVITE_HASH_EXPIRED');
      link.is_revoked = true;
      return ok({ ...link, is_revoked: true });
    }),
    banChatMember: guarded('banChatMember', (p) => {
      if (!isInt(p.user_id)) return badRequest('user_id is empty');
      if (p.until_date !== undefined && !isInt(p.until_date))
        return badRequest('invalid until_date');
      members.delete(p.user_id);
      banned.add(p.user_id);
      return ok(true);
    }),
    unbanChatMember: guarded('unbanChatMember', (p) => {
      if (!isInt(p.user_id)) return badRequest('user_id is empty');
      if (p.only_if_banned !== undefined && typeof p.only_if_banned !== 'boolean')
        return badRequest('invalid only_if_banned');
      // Without only_if_banned, a member would be removed too; with it, only a ban is lifted.
      if (p.only_if_banned !== true) members.delete(p.user_id);
      if (banned.delete(p.user_id)) removals.push(p.user_id);
      return ok(true);
    }),
    getChatMember: guarded('getChatMember', (p) => {
      if (!isInt(p.user_id)) return badRequest('user_id is empty');
      const status = members.has(p.user_id) ? 'member' : banned.has(p.user_id) ? 'kicked' : 'left';
      return ok({
        status,
        user: { id: p.user_id, is_bot: false, first_name: 'Lector' },
        ...(status === 'kicked' ? { until_date: 0 } : {}),
      });
    }),
    approveChatJoinRequest: guarded('approveChatJoinRequest', (p) => {
      if (!isInt(p.user_id)) return badRequest('user_id is empty');
      if (!requests.delete(p.user_id)) return badRequest('HIDE_REQUESTER_MISSING');
      members.add(p.user_id);
      return ok(true);
    }),
    declineChatJoinRequest: guarded('declineChatJoinRequest', (p) => {
      if (!isInt(p.user_id)) return badRequest('user_id is empty');
      if (!requests.delete(p.user_id)) return badRequest('HIDE_REQUESTER_MISSING');
      return ok(true);
    }),
  };

  return {
    chatId: opts.chatId,
    methods,
    links,
    members,
    banned,
    removals,
    rateLimitNext(method: string, count: number, retryAfterSeconds: number) {
      refusals.set(method, { left: count, retryAfter: retryAfterSeconds });
    },
    /** A person opens an invite link at `nowSeconds` (Unix time): joins if Telegram would let them. */
    joinWithLink(userId: number, inviteLink: string, nowSeconds: number): boolean {
      const link = links.get(inviteLink);
      if (!link || link.is_revoked || banned.has(userId)) return false;
      if (link.expire_date !== undefined && link.expire_date <= nowSeconds) return false;
      if (link.member_limit !== undefined && link.joined.length >= link.member_limit) return false;
      link.joined.push(userId);
      members.add(userId);
      return true;
    },
    /** The chat_member update Telegram sends an admin bot when `userId` entered through
     * `inviteLink` (https://core.telegram.org/bots/api#chatmemberupdated); the link is given in
     * full because the bot created it. */
    memberJoined(updateId: number, userId: number, inviteLink: string) {
      const link = links.get(inviteLink);
      const user = { id: userId, is_bot: false, first_name: 'Lector' };
      return {
        update_id: updateId,
        chat_member: {
          chat: { id: opts.chatId, type: 'supergroup', title: 'MagoTips VIP' },
          from: user,
          date: 1_800_000_000,
          old_chat_member: { status: 'left', user },
          new_chat_member: { status: 'member', user },
          invite_link: {
            invite_link: inviteLink,
            creator: { id: 1, is_bot: true, first_name: 'MagoTips' },
            creates_join_request: false,
            is_primary: false,
            is_revoked: link?.is_revoked ?? false,
            ...(link?.member_limit !== undefined ? { member_limit: link.member_limit } : {}),
          },
        },
      };
    },
    /** A ChatJoinRequest update from `userId`, pending until approved or declined. */
    joinRequest(updateId: number, userId: number) {
      requests.add(userId);
      return {
        update_id: updateId,
        chat_join_request: {
          chat: { id: opts.chatId, type: 'supergroup', title: 'MagoTips VIP' },
          from: { id: userId, is_bot: false, first_name: 'Lector' },
          user_chat_id: userId,
          date: 1_800_000_000,
        },
      };
    },
  };
}
export type GroupDouble = ReturnType<typeof groupDouble>;
