import { VIP_GROUP_MSG } from '@magotips/contracts/vip-group';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVipKit, VIP_CHAT_ID, type VipKit } from '../../../test/vip-group';

// Issue 31 item 2: a one-person link is the only door the bot hands out, so who walked through
// it is checked (chat_member updates, decision 0104): a link forwarded before its owner used it
// must not let a non-payer read the group.

const MINUTE = 60_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let kit: VipKit;
beforeAll(async () => {
  kit = await startVipKit();
});
afterAll(() => kit.close());

let update = 70_000;
/** `telegramUserId` opens `link` in Telegram and Telegram tells the bot (chat_member). */
async function enter(telegramUserId: number, link: string) {
  expect(kit.group.joinWithLink(telegramUserId, link, unix(kit.time.now()))).toBe(true);
  const joined = kit.group.memberJoined((update += 1), telegramUserId, link);
  const res = await kit.telegram.deliver(kit.t.app, joined);
  expect(res.statusCode).toBe(200);
  await kit.t.app.jobs.runDue();
  return joined;
}

async function invitedLink(telegramUserId: number): Promise<string> {
  const row = await kit.member(telegramUserId);
  expect(row?.state).toBe('invited');
  return row?.inviteLink ?? '';
}

describe('who entered through the bot links (issue 31 item 2)', () => {
  it('asks Telegram for chat_member updates when it registers the webhook', () => {
    expect(kit.telegram.webhook?.allowedUpdates).toContain('chat_member');
  });

  it("makes the link's owner a member at once: no question to Telegram when the link expires", async () => {
    const ana = await kit.linkedReader();
    await kit.advance(2 * MINUTE);
    await enter(ana.telegramUserId, await invitedLink(ana.telegramUserId));
    expect((await kit.member(ana.telegramUserId))?.state).toBe('member');
    await kit.advance(25 * 60 * MINUTE);
    expect(kit.calls('getChatMember', ana.telegramUserId)).toEqual([]);
    expect(kit.calls('banChatMember', ana.telegramUserId)).toEqual([]);
  });

  it('removes a stranger who used a forwarded link, once, and sends its owner a new one', async () => {
    const owner = await kit.linkedReader();
    await kit.advance(2 * MINUTE);
    const link = await invitedLink(owner.telegramUserId);
    const stranger = 888_001;
    const joined = await enter(stranger, link);
    // Telegram may deliver the update again: still one removal.
    await kit.telegram.deliver(kit.t.app, joined);
    await kit.t.app.jobs.runDue();

    expect(kit.calls('banChatMember', stranger).map((c) => c.params)).toEqual([
      { chat_id: VIP_CHAT_ID, user_id: stranger },
    ]);
    expect(kit.calls('unbanChatMember', stranger).map((c) => c.params)).toEqual([
      { chat_id: VIP_CHAT_ID, user_id: stranger, only_if_banned: true },
    ]);
    expect(kit.group.members.has(stranger)).toBe(false);
    expect((await kit.member(stranger))?.state).toBe('removed');

    // The owner's link is spent: the next round checks they are not inside and sends another.
    await kit.advance(2 * MINUTE);
    expect(kit.calls('getChatMember', owner.telegramUserId)).toHaveLength(1);
    const fresh = await invitedLink(owner.telegramUserId);
    expect(fresh).not.toBe(link);
    expect(kit.messagesTo(owner.telegramUserId)).toContain(VIP_GROUP_MSG.invite(fresh));
    await enter(owner.telegramUserId, fresh);
    expect((await kit.member(owner.telegramUserId))?.state).toBe('member');
  });

  it("keeps a reader entitled in their own right who used someone else's link", async () => {
    const first = await kit.linkedReader();
    const second = await kit.linkedReader();
    await kit.advance(2 * MINUTE);
    await enter(second.telegramUserId, await invitedLink(first.telegramUserId));
    expect(kit.calls('banChatMember', second.telegramUserId)).toEqual([]);
    expect(await kit.member(second.telegramUserId)).toMatchObject({
      state: 'member',
      userId: second.id,
    });
  });

  it("leaves alone people who came through a link the bot didn't make, and other chats", async () => {
    const outsider = kit.group.memberJoined(
      (update += 1),
      888_002,
      'https://t.me/+OwnersOwnLink123',
    );
    await kit.telegram.deliver(kit.t.app, outsider);
    const elsewhere = kit.group.memberJoined((update += 1), 888_003, 'https://t.me/+x');
    elsewhere.chat_member.chat.id = -1005555555555;
    await kit.telegram.deliver(kit.t.app, elsewhere);
    await kit.t.app.jobs.runDue();
    expect(kit.calls('banChatMember', 888_002)).toEqual([]);
    expect(kit.calls('banChatMember', 888_003)).toEqual([]);
  });
});
