import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVipKit, type VipKit } from '../../../test/vip-group';
import { users } from '../../db/schema';

// Decision 0116: a paused reader leaves the paid group with the next round, is not invited again
// while paused, and comes back once the pause is over (the subscription still running).

const MINUTE = 60_000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

let kit: VipKit;
beforeAll(async () => {
  kit = await startVipKit();
});
afterAll(() => kit.close());

async function pauseUntil(userId: string, until: Date | null) {
  await kit
    .db()
    .update(users)
    .set({ pausedAt: kit.time.now(), pausedUntil: until })
    .where(eq(users.id, userId));
}

describe('the VIP group and the pause', () => {
  it('removes a paused member within a round, invites nobody paused, and lets them back after', async () => {
    const ana = await kit.linkedReader();
    await kit.advance(2 * MINUTE);
    const invited = await kit.member(ana.telegramUserId);
    expect(invited?.state).toBe('invited');
    expect(
      kit.group.joinWithLink(ana.telegramUserId, invited?.inviteLink ?? '', unix(kit.time.now())),
    ).toBe(true);

    await pauseUntil(ana.id, new Date(kit.time.now().getTime() + 60 * MINUTE));
    await kit.advance(10 * MINUTE);
    expect(kit.group.members.has(ana.telegramUserId)).toBe(false);
    expect((await kit.member(ana.telegramUserId))?.state).toBe('removed');
    expect(kit.calls('banChatMember', ana.telegramUserId)).toHaveLength(1);

    // A paused subscriber who links Telegram is not invited either.
    const bea = await kit.linkedReader();
    await pauseUntil(bea.id, null);
    await kit.advance(10 * MINUTE);
    expect(await kit.member(bea.telegramUserId)).toBeNull();

    // Ana's pause ends (her subscription runs 30 days): the next round invites her again.
    await kit.advance(45 * MINUTE);
    expect((await kit.member(ana.telegramUserId))?.state).toBe('invited');
    expect(await kit.member(bea.telegramUserId)).toBeNull();
  });
});
