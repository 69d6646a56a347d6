import { VIP_MAX_INVITES } from '@magotips/contracts/vip-group';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { subscriptions, telegramLinks, users, vipGroupMembers } from '../../db/schema';
import { subscriptionGrants } from '../users/user-dto';
import { isPaused } from '../users/user-pause';
import type { SubscriptionRow, UserRow } from '../users/users.repository';

/** The states in which a person may be in the group, or about to be. */
const INSIDE = ['inviting', 'invited', 'member'] as const;

/** The account's pause (decision 0116); null when the account is gone. */
export type PauseOf = Pick<UserRow, 'pausedAt' | 'pausedUntil' | 'pauseLiftRequestedAt'>;
const pauseColumns = {
  pausedAt: users.pausedAt,
  pausedUntil: users.pausedUntil,
  pauseLiftRequestedAt: users.pauseLiftRequestedAt,
};

/** Entitled to the group: a subscription (paid, trial or gift) that grants every VIP tip now —
 * the very rule the caller identity reads (subscriptionGrants, decision 0097) — and an account
 * not paused: a paused reader leaves the group and is neither invited nor let in (0116). */
export function entitledToGroup(
  sub: SubscriptionRow | null,
  pause: PauseOf | null,
  now: Date,
): boolean {
  if (pause && isPaused(pause, now)) return false;
  return subscriptionGrants({ subscription: sub }, now).grantsAllVipTips;
}

export type Invitee = { userId: string; telegramUserId: number };
export type MemberRow = typeof vipGroupMembers.$inferSelect;

export function createVipGroupRepository(db: Db) {
  return {
    async member(telegramUserId: number): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(vipGroupMembers)
        .where(eq(vipGroupMembers.telegramUserId, telegramUserId));
      return row ?? null;
    },

    /** The account linked to `telegramUserId` and its subscription, if any. */
    async linkOf(telegramUserId: number) {
      const [row] = await db
        .select({ link: telegramLinks, sub: subscriptions, pause: pauseColumns })
        .from(telegramLinks)
        .leftJoin(subscriptions, eq(subscriptions.userId, telegramLinks.userId))
        .leftJoin(users, eq(users.id, telegramLinks.userId))
        .where(eq(telegramLinks.telegramUserId, telegramUserId));
      return row ?? null;
    },

    /** Linked and entitled accounts the bot should invite: never invited, removed since, or whose
     * invitation expired unused (fewer than VIP_MAX_INVITES times). The subscription's own
     * columns narrow the read; the rule itself is `entitledToGroup`. */
    async toInvite(now: Date): Promise<Invitee[]> {
      const rows = await db
        .select({ link: telegramLinks, sub: subscriptions, pause: pauseColumns })
        .from(telegramLinks)
        .innerJoin(subscriptions, eq(subscriptions.userId, telegramLinks.userId))
        .innerJoin(users, eq(users.id, telegramLinks.userId))
        .leftJoin(vipGroupMembers, eq(vipGroupMembers.telegramUserId, telegramLinks.telegramUserId))
        .where(
          and(
            eq(subscriptions.grantsAllVipTips, true),
            or(
              isNull(vipGroupMembers.telegramUserId),
              eq(vipGroupMembers.state, 'removed'),
              and(
                eq(vipGroupMembers.state, 'invited'),
                lte(vipGroupMembers.inviteExpiresAt, now),
                sql`${vipGroupMembers.invites} < ${VIP_MAX_INVITES}`,
              ),
            ),
          ),
        );
      return rows
        .filter((r) => entitledToGroup(r.sub, r.pause, now))
        .map((r) => ({ userId: r.link.userId, telegramUserId: r.link.telegramUserId }));
    },

    /** People inside (or being let in) whose account is no longer linked to them or no longer
     * entitled: every way entitlement ends (expiry, cancellation at period end, refund, dunning
     * given up, a pause, /stop, Desconectar, a deleted account) looks the same here. */
    async toRemove(now: Date): Promise<number[]> {
      const rows = await db
        .select({
          member: vipGroupMembers,
          link: telegramLinks,
          sub: subscriptions,
          pause: pauseColumns,
        })
        .from(vipGroupMembers)
        .leftJoin(
          telegramLinks,
          and(
            eq(telegramLinks.telegramUserId, vipGroupMembers.telegramUserId),
            eq(telegramLinks.userId, vipGroupMembers.userId),
          ),
        )
        .leftJoin(subscriptions, eq(subscriptions.userId, telegramLinks.userId))
        .leftJoin(users, eq(users.id, telegramLinks.userId))
        .where(inArray(vipGroupMembers.state, [...INSIDE]));
      return rows
        .filter((r) => r.link === null || !entitledToGroup(r.sub, r.pause, now))
        .map((r) => r.member.telegramUserId);
    },

    /** Marks `who` as being invited, in `tx`; answers the new round, or null when another round
     * (another instance) got there first. */
    async startInvite(tx: Db, who: Invitee, now: Date): Promise<number | null> {
      const m = vipGroupMembers;
      const [row] = await tx
        .insert(m)
        .values({ ...who, state: 'inviting', round: 1, invites: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: m.telegramUserId,
          set: {
            state: 'inviting',
            userId: who.userId,
            round: sql`${m.round} + 1`,
            invites: sql`case when ${m.state} = 'removed' then 1 else ${m.invites} + 1 end`,
            inviteLink: null,
            inviteExpiresAt: null,
            updatedAt: now,
          },
          setWhere: or(
            eq(m.state, 'removed'),
            and(eq(m.state, 'invited'), lte(m.inviteExpiresAt, now)),
          ),
        })
        .returning({ round: m.round });
      return row?.round ?? null;
    },

    /** Marks `telegramUserId` as being removed, in `tx`; null when it is not inside any more
     * (another round or instance queued the removal already). */
    async startRemoval(tx: Db, telegramUserId: number, now: Date): Promise<number | null> {
      const m = vipGroupMembers;
      const [row] = await tx
        .update(m)
        .set({ state: 'removing', round: sql`${m.round} + 1`, updatedAt: now })
        .where(and(eq(m.telegramUserId, telegramUserId), inArray(m.state, [...INSIDE])))
        .returning({ round: m.round });
      return row?.round ?? null;
    },

    /** The invitation of `round` went out: its link and when it stops working. */
    async invited(
      tx: Db,
      telegramUserId: number,
      round: number,
      link: string,
      expiresAt: Date,
      now: Date,
    ) {
      const m = vipGroupMembers;
      const done = await tx
        .update(m)
        .set({ state: 'invited', inviteLink: link, inviteExpiresAt: expiresAt, updatedAt: now })
        .where(
          and(eq(m.telegramUserId, telegramUserId), eq(m.round, round), eq(m.state, 'inviting')),
        )
        .returning({ round: m.round });
      return done.length > 0;
    },

    async removed(tx: Db, telegramUserId: number, round: number, now: Date) {
      const m = vipGroupMembers;
      await tx
        .update(m)
        .set({ state: 'removed', inviteLink: null, inviteExpiresAt: null, updatedAt: now })
        .where(
          and(eq(m.telegramUserId, telegramUserId), eq(m.round, round), eq(m.state, 'removing')),
        );
    },

    /** The person of invitation `round` turned out to be in the group already. */
    async becameMember(telegramUserId: number, round: number, now: Date) {
      const m = vipGroupMembers;
      await db
        .update(m)
        .set({ state: 'member', updatedAt: now })
        .where(
          and(eq(m.telegramUserId, telegramUserId), eq(m.round, round), eq(m.state, 'inviting')),
        );
    },

    /** The row whose invitation is `inviteLink` (links are unique to one invitation). */
    async byInviteLink(inviteLink: string): Promise<MemberRow | null> {
      const [row] = await db
        .select()
        .from(vipGroupMembers)
        .where(eq(vipGroupMembers.inviteLink, inviteLink));
      return row ?? null;
    },

    /** The invitation's owner entered through it: a member, without asking Telegram later. */
    async enteredWithOwnLink(telegramUserId: number, inviteLink: string, now: Date) {
      const m = vipGroupMembers;
      await db
        .update(m)
        .set({ state: 'member', updatedAt: now })
        .where(
          and(
            eq(m.telegramUserId, telegramUserId),
            eq(m.inviteLink, inviteLink),
            eq(m.state, 'invited'),
          ),
        );
    },

    /** Someone else used the owner's one-person link: it is spent, so it counts as expired and
     * the next round sends the owner another (after asking Telegram, as for any expired one). */
    async linkTaken(telegramUserId: number, inviteLink: string, now: Date) {
      const m = vipGroupMembers;
      await db
        .update(m)
        .set({ inviteExpiresAt: now, updatedAt: now })
        .where(
          and(
            eq(m.telegramUserId, telegramUserId),
            eq(m.inviteLink, inviteLink),
            eq(m.state, 'invited'),
          ),
        );
    },

    /** A person the bot did not invite entered through its link: marked for removal like a
     * member whose access ended. The removal's round, or null when one is already queued. */
    async startIntruderRemoval(
      tx: Db,
      telegramUserId: number,
      userId: string | undefined,
      now: Date,
    ): Promise<number | null> {
      const m = vipGroupMembers;
      const [row] = await tx
        .insert(m)
        .values({
          telegramUserId,
          userId: userId ?? null,
          state: 'removing',
          round: 1,
          invites: 0,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: m.telegramUserId,
          set: { state: 'removing', round: sql`${m.round} + 1`, updatedAt: now },
          setWhere: sql`${m.state} <> 'removing'`,
        })
        .returning({ round: m.round });
      return row?.round ?? null;
    },

    /** A join request approved: `who` is a member (whatever invitation state came before). */
    async joined(who: Invitee, now: Date) {
      const m = vipGroupMembers;
      await db
        .insert(m)
        .values({ ...who, state: 'member', round: 1, invites: 0, updatedAt: now })
        .onConflictDoUpdate({
          target: m.telegramUserId,
          set: { state: 'member', userId: who.userId, updatedAt: now },
          // A removal already queued goes ahead: it was decided on fresher grounds than this.
          setWhere: sql`${m.state} <> 'removing'`,
        });
    },
  };
}
export type VipGroupRepository = ReturnType<typeof createVipGroupRepository>;
