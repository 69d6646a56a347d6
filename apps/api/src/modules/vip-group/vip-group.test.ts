import { VIP_GROUP_MSG } from '@magotips/contracts/vip-group';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVipKit, VIP_CHAT_ID, type VipKit } from '../../../test/vip-group';
import { subscriptions } from '../../db/schema';

// Issue 31 item 2 against the Bot API double: invitations and join requests. Removals, 429 and
// a restart are in vip-group.removal.test.ts.

const MINUTE = 60_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let kit: VipKit;
beforeAll(async () => {
  kit = await startVipKit();
});
afterAll(() => kit.close());

describe('the invitation (issue 31 item 2)', () => {
  it('sends an entitled linked reader a one-person, 24-hour link in their private chat within one round', async () => {
    const ana = await kit.linkedReader();
    const before = kit.calls('createChatInviteLink').length;
    await kit.advance(2 * MINUTE);
    const created = kit.calls('createChatInviteLink').slice(before);
    expect(created).toHaveLength(1);
    const params = created[0]?.params ?? {};
    // member_limit without creates_join_request: Telegram refuses the two together.
    expect(Object.keys(params).sort()).toEqual(['chat_id', 'expire_date', 'member_limit', 'name']);
    expect(params).toMatchObject({
      chat_id: VIP_CHAT_ID,
      member_limit: 1,
      expire_date: unix(kit.time.now()) + 24 * 3600,
    });
    const row = await kit.member(ana.telegramUserId);
    expect(row).toMatchObject({ state: 'invited', userId: ana.id, invites: 1 });
    const link = row?.inviteLink ?? '';
    expect(kit.messagesTo(ana.telegramUserId)).toContain(VIP_GROUP_MSG.invite(link));
    expect(VIP_GROUP_MSG.invite(link)).toMatch(/una sola persona y caduca en 24 horas/);
    expect(kit.group.joinWithLink(ana.telegramUserId, link, unix(kit.time.now()))).toBe(true);
    // Nobody else gets in through it.
    expect(kit.group.joinWithLink(123, link, unix(kit.time.now()))).toBe(false);

    // Later rounds leave an invited reader alone while the link lasts; once it expired, the
    // bot asks Telegram whether it was used before sending another.
    await kit.advance(10 * MINUTE);
    expect(kit.calls('createChatInviteLink').slice(before)).toHaveLength(1);
    await kit.advance(24 * 60 * MINUTE);
    expect(kit.calls('getChatMember', ana.telegramUserId).map((c) => c.params)).toEqual([
      { chat_id: VIP_CHAT_ID, user_id: ana.telegramUserId },
    ]);
    expect((await kit.member(ana.telegramUserId))?.state).toBe('member');
    expect(kit.messagesTo(ana.telegramUserId).filter((m) => m.includes('grupo VIP'))).toHaveLength(
      1,
    );
  });

  it('invites a gift or a trial like a paid subscription; not a reader without one, nor a plan of packs only', async () => {
    const gifted = await kit.linkedReader();
    await kit
      .db()
      .update(subscriptions)
      .set({ provider: 'gift', isRecurring: false })
      .where(eq(subscriptions.userId, gifted.id));
    const trial = await kit.linkedReader();
    await kit
      .db()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(kit.time.now().getTime() + 7 * 86_400_000) })
      .where(eq(subscriptions.userId, trial.id));
    const free = await kit.linkedReader({ subscriber: false });
    const packsOnly = await kit.linkedReader();
    await kit
      .db()
      .update(subscriptions)
      .set({ grantsAllVipTips: false, includesPacks: true })
      .where(eq(subscriptions.userId, packsOnly.id));

    await kit.advance(2 * MINUTE);
    expect((await kit.member(gifted.telegramUserId))?.state).toBe('invited');
    expect((await kit.member(trial.telegramUserId))?.state).toBe('invited');
    expect(await kit.member(free.telegramUserId)).toBeNull();
    expect(await kit.member(packsOnly.telegramUserId)).toBeNull();
    expect(kit.messagesTo(free.telegramUserId)).not.toContain(expect.stringContaining('grupo VIP'));
  });

  it('sends a new link when one expired unused, three times at most', async () => {
    const leo = await kit.linkedReader();
    await kit.advance(2 * MINUTE);
    const links = () => kit.messagesTo(leo.telegramUserId).filter((m) => m.includes('grupo VIP'));
    expect(links()).toHaveLength(1);
    for (let day = 0; day < 4; day += 1) await kit.advance(24 * 60 * MINUTE + 2 * MINUTE);
    expect(links()).toHaveLength(3);
    expect(new Set(links()).size).toBe(3);
    expect((await kit.member(leo.telegramUserId))?.invites).toBe(3);
  });
});

describe('join requests (issue 31 item 2)', () => {
  let update = 50_000;
  const request = async (telegramUserId: number) => {
    const res = await kit.telegram.deliver(
      kit.t.app,
      kit.group.joinRequest((update += 1), telegramUserId),
    );
    expect(res.statusCode).toBe(200);
    await kit.t.app.jobs.runDue();
  };

  it('approves an entitled linked reader and records them as a member', async () => {
    const eva = await kit.linkedReader();
    await request(eva.telegramUserId);
    const approved = kit.calls('approveChatJoinRequest', eva.telegramUserId);
    expect(approved.map((c) => c.params)).toEqual([
      { chat_id: VIP_CHAT_ID, user_id: eva.telegramUserId },
    ]);
    expect(kit.group.members.has(eva.telegramUserId)).toBe(true);
    expect((await kit.member(eva.telegramUserId))?.state).toBe('member');
  });

  it('declines a Telegram user who is not linked, or linked without a subscription', async () => {
    const free = await kit.linkedReader({ subscriber: false });
    await request(free.telegramUserId);
    await request(777_001);
    for (const id of [free.telegramUserId, 777_001]) {
      expect(kit.calls('approveChatJoinRequest', id)).toEqual([]);
      expect(kit.calls('declineChatJoinRequest', id).map((c) => c.params)).toEqual([
        { chat_id: VIP_CHAT_ID, user_id: id },
      ]);
      expect(kit.group.members.has(id)).toBe(false);
    }
  });

  it('decides a request Telegram delivers twice once; ignores other chats and requests without the secret header', async () => {
    const teo = await kit.linkedReader();
    const twice = kit.group.joinRequest((update += 1), teo.telegramUserId);
    await kit.telegram.deliver(kit.t.app, twice);
    await kit.telegram.deliver(kit.t.app, twice);
    await kit.t.app.jobs.runDue();
    expect(kit.calls('approveChatJoinRequest', teo.telegramUserId)).toHaveLength(1);

    const other = kit.group.joinRequest((update += 1), teo.telegramUserId);
    other.chat_join_request.chat.id = -1005555555555;
    await kit.telegram.deliver(kit.t.app, other);
    const unsigned = await kit.t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(kit.group.joinRequest((update += 1), teo.telegramUserId)),
    });
    expect(unsigned.statusCode).toBe(401);
    await kit.t.app.jobs.runDue();
    expect(kit.calls('approveChatJoinRequest', teo.telegramUserId)).toHaveLength(1);
    expect(kit.calls('declineChatJoinRequest', teo.telegramUserId)).toHaveLength(0);
  });
});
