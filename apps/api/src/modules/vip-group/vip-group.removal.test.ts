import { VIP_GROUP_MSG } from '@magotips/contracts/vip-group';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationAt } from '../../../test/users';
import { startVipKit, VIP_CHAT_ID, type VipKit } from '../../../test/vip-group';
import { jobs, subscriptions } from '../../db/schema';
import { VIP_GROUP_JOBS } from './vip-group.jobs';

// Issue 31 item 2 against the Bot API double: removal within 10 minutes of every ending, 429's
// retry_after, and a restart in the middle of a removal.

const MINUTE = 60_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let kit: VipKit;
beforeAll(async () => {
  kit = await startVipKit();
});
afterAll(() => kit.close());

/** A linked subscriber who got the link and joined with it. */
async function member() {
  const who = await kit.linkedReader();
  await kit.advance(2 * MINUTE);
  const row = await kit.member(who.telegramUserId);
  expect(row?.state).toBe('invited');
  expect(
    kit.group.joinWithLink(who.telegramUserId, row?.inviteLink ?? '', unix(kit.time.now())),
  ).toBe(true);
  return who;
}

/** Minutes from `since` until the person is out of the group, moving the clock a minute at a time. */
async function minutesUntilOut(telegramUserId: number, since: Date): Promise<number> {
  for (let i = 0; i < 30; i += 1) {
    await kit.advance(MINUTE);
    if (!kit.group.members.has(telegramUserId) && !kit.group.banned.has(telegramUserId))
      return (kit.time.now().getTime() - since.getTime()) / MINUTE;
  }
  return Infinity;
}

describe('removal (issue 31 item 2)', () => {
  it('removes a member within 10 minutes of the expiry: ban, then unban only if banned; once', async () => {
    const ana = await member();
    const expiry = new Date(kit.time.now().getTime() + 5 * MINUTE);
    await kit.endSubscription(ana.id, expiry);
    await kit.advance(4 * MINUTE);
    expect(kit.group.members.has(ana.telegramUserId)).toBe(true);
    const waited = await minutesUntilOut(ana.telegramUserId, expiry);
    expect(waited).toBeLessThanOrEqual(10);

    const calls = kit.telegram.botCalls.filter((c) => c.params.user_id === ana.telegramUserId);
    expect(calls.map((c) => [c.method, c.params])).toEqual([
      ['banChatMember', { chat_id: VIP_CHAT_ID, user_id: ana.telegramUserId }],
      [
        'unbanChatMember',
        { chat_id: VIP_CHAT_ID, user_id: ana.telegramUserId, only_if_banned: true },
      ],
    ]);
    // The link, still within its 24 hours, can open nothing any more.
    expect(kit.calls('revokeChatInviteLink')).toHaveLength(1);
    expect(kit.group.removals.filter((id) => id === ana.telegramUserId)).toHaveLength(1);
    expect(kit.messagesTo(ana.telegramUserId)).toContain(VIP_GROUP_MSG.removed);
    expect((await kit.member(ana.telegramUserId))?.state).toBe('removed');

    // Later rounds leave them be; a new subscription brings a new link.
    await kit.advance(30 * MINUTE);
    expect(kit.calls('banChatMember', ana.telegramUserId)).toHaveLength(1);
    await kit
      .db()
      .update(subscriptions)
      .set({ endDate: new Date(kit.time.now().getTime() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, ana.id));
    await kit.advance(2 * MINUTE);
    expect((await kit.member(ana.telegramUserId))?.state).toBe('invited');
  });

  it('removes on every other ending: a cancelled or refunded subscription gone, dunning given up, /stop, Desconectar', async () => {
    const refunded = await member();
    const dunning = await member();
    const stopped = await member();
    const disconnected = await member();
    const now = kit.time.now();
    await kit.db().delete(subscriptions).where(eq(subscriptions.userId, refunded.id));
    // Past its period while Stripe retries: still in; Stripe gives up (no next attempt): out.
    await kit
      .db()
      .update(subscriptions)
      .set({
        endDate: new Date(now.getTime() - MINUTE),
        paymentFailedAt: now,
        nextPaymentAttemptAt: new Date(now.getTime() + 86_400_000),
      })
      .where(eq(subscriptions.userId, dunning.id));
    await kit.telegram.deliver(
      kit.t.app,
      kit.telegram.privateMessage({ id: stopped.telegramUserId }, '/stop'),
    );
    const res = await kit.t.app.inject({
      method: 'DELETE',
      url: '/api/telegram/link',
      headers: {
        authorization: await authorizationAt(kit.db(), disconnected.id, now),
      },
    });
    expect(res.statusCode).toBe(200);

    await kit.advance(10 * MINUTE);
    for (const gone of [refunded, stopped, disconnected])
      expect(kit.group.members.has(gone.telegramUserId)).toBe(false);
    expect(kit.group.members.has(dunning.telegramUserId)).toBe(true);
    await kit
      .db()
      .update(subscriptions)
      .set({ nextPaymentAttemptAt: null })
      .where(eq(subscriptions.userId, dunning.id));
    await kit.advance(10 * MINUTE);
    expect(kit.group.members.has(dunning.telegramUserId)).toBe(false);
    // After /stop and Desconectar there is no chat to write to.
    expect(kit.messagesTo(stopped.telegramUserId)).not.toContain(VIP_GROUP_MSG.removed);
    expect(kit.messagesTo(refunded.telegramUserId)).toContain(VIP_GROUP_MSG.removed);
  });

  it("honours a 429's retry_after: the removal waits exactly that long, then completes", async () => {
    const leo = await member();
    kit.group.rateLimitNext('banChatMember', 1, 40);
    await kit.endSubscription(leo.id, kit.time.now());
    await kit.advance(2 * MINUTE);
    expect(kit.group.members.has(leo.telegramUserId)).toBe(true);
    const [job] = (await kit.jobsOf(VIP_GROUP_JOBS.remove)).filter(
      (j) => (j.payload as { telegramUserId: number }).telegramUserId === leo.telegramUserId,
    );
    expect(job?.state).toBe('queued');
    expect(job?.runAt.getTime()).toBe(kit.time.now().getTime() + 40_000);
    await kit.advance(39_000);
    expect(kit.group.members.has(leo.telegramUserId)).toBe(true);
    await kit.advance(1_000);
    expect(kit.group.members.has(leo.telegramUserId)).toBe(false);
    expect(kit.group.removals.filter((id) => id === leo.telegramUserId)).toHaveLength(1);
  });

  it('loses nothing to a restart between the ban and the unban: the new app finishes the removal', async () => {
    const eva = await member();
    kit.group.rateLimitNext('unbanChatMember', 1, 5);
    await kit.endSubscription(eva.id, kit.time.now());
    await kit.advance(2 * MINUTE);
    // Banned, not yet unbanned: out of the group but unable to come back.
    expect(kit.group.banned.has(eva.telegramUserId)).toBe(true);
    await kit.restart();
    await kit.advance(5_000);
    expect(kit.group.banned.has(eva.telegramUserId)).toBe(false);
    expect(kit.group.members.has(eva.telegramUserId)).toBe(false);
    expect(kit.group.removals.filter((id) => id === eva.telegramUserId)).toHaveLength(1);
    expect((await kit.member(eva.telegramUserId))?.state).toBe('removed');
    const dead = await kit.db().select().from(jobs).where(eq(jobs.state, 'dead'));
    expect(dead).toEqual([]);
  });
});
