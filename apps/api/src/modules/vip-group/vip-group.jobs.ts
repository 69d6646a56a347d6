import {
  VIP_GROUP_MSG,
  VIP_INVITE_HOURS,
  VIP_RECONCILE_MINUTES,
} from '@magotips/contracts/vip-group';
import type { Db } from '../../db/database';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import { pruneDoneOfKind } from '../jobs/job-queue';
import { type BotConfig, BotApiError, callBotApi } from '../telegram/bot-api';
import {
  type ChatJoinedPayload,
  type JoinRequestPayload,
  TELEGRAM_CHAT_JOINED_JOB,
  TELEGRAM_JOIN_REQUEST_JOB,
} from '../telegram/telegram-join-requests';
import { TELEGRAM_REPLY_JOB } from '../telegram/telegram-replies';
import { createVipGroupRepository, entitledToGroup } from './vip-group.repository';

export const VIP_GROUP_JOBS = {
  reconcile: 'vip-group.reconcile',
  invite: 'vip-group.invite',
  remove: 'vip-group.remove',
} as const;

const SLOT_MS = VIP_RECONCILE_MINUTES * 60_000;
const DAY_MS = 86_400_000;

/** The round of the slot after `now`'s: one job per slot, whichever instance enqueues it. */
export function reconcileJob(now: Date): JobInput {
  const runAt = new Date((Math.floor(now.getTime() / SLOT_MS) + 1) * SLOT_MS);
  return {
    kind: VIP_GROUP_JOBS.reconcile,
    runAt,
    dedupeKey: `${VIP_GROUP_JOBS.reconcile}:${runAt.toISOString()}`,
    // The next slot is the retry: a failed round is not worth repeating.
    maxAttempts: 1,
  };
}

type RoundPayload = { telegramUserId: number; round: number };

/** A message in the person's private chat, through the bot's reply job (which honours 429). */
const messageJob = (key: string, chatId: number, text: string): JobInput => ({
  kind: TELEGRAM_REPLY_JOB,
  payload: { chatId, text },
  dedupeKey: key,
  maxAttempts: 6,
});

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The removal of round `round`: its key makes two rounds or instances queue it once. */
const removeJob = (telegramUserId: number, round: number): JobInput => ({
  kind: VIP_GROUP_JOBS.remove,
  payload: { telegramUserId, round } satisfies RoundPayload,
  dedupeKey: `${VIP_GROUP_JOBS.remove}:${telegramUserId}:${round}`,
});

/**
 * The VIP group's jobs (decisions 0104 and 0105). The reconcile round runs every
 * VIP_RECONCILE_MINUTES on the app's clock: it queues an invitation for each entitled linked
 * account not in the group and a removal for each person inside whose entitlement ended. The state change and its job
 * are one transaction, and the change is conditional, so two instances — or two rounds — queue
 * one job; each job calls Telegram and retries after a 429's retry_after (RetryLater).
 */
export function registerVipGroupJobs(
  jobs: JobRunner,
  deps: { bot: BotConfig; vipChatId: number },
): void {
  const { bot, vipChatId } = deps;

  jobs.register(VIP_GROUP_JOBS.reconcile, async (_job, { db, clock, log }) => {
    const now = clock();
    // First, so that a failing round does not end the chain.
    await jobs.enqueue(db, reconcileJob(now));
    const repo = createVipGroupRepository(db);
    let invited = 0;
    let removing = 0;
    for (const telegramUserId of await repo.toRemove(now)) {
      await db.transaction(async (tx) => {
        const round = await repo.startRemoval(tx, telegramUserId, now);
        if (round === null) return;
        removing += 1;
        await jobs.enqueue(tx, removeJob(telegramUserId, round));
      });
    }
    for (const who of await repo.toInvite(now)) {
      await db.transaction(async (tx) => {
        const round = await repo.startInvite(tx, who, now);
        if (round === null) return;
        invited += 1;
        await jobs.enqueue(tx, {
          kind: VIP_GROUP_JOBS.invite,
          payload: { telegramUserId: who.telegramUserId, round } satisfies RoundPayload,
          dedupeKey: `${VIP_GROUP_JOBS.invite}:${who.telegramUserId}:${round}`,
        });
      });
    }
    if (invited + removing > 0) log.info({ invited, removing }, 'grupo VIP: ronda de revisión');
    await pruneDoneOfKind(db, VIP_GROUP_JOBS.reconcile, new Date(now.getTime() - DAY_MS));
  });

  jobs.register(VIP_GROUP_JOBS.invite, async (job, { db, clock }) => {
    const { telegramUserId, round } = job.payload as RoundPayload;
    const repo = createVipGroupRepository(db);
    const member = await repo.member(telegramUserId);
    if (member?.state !== 'inviting' || member.round !== round) return;
    const linked = await repo.linkOf(telegramUserId);
    // Unlinked or no longer entitled meanwhile: the next round removes the row's person.
    if (!linked || linked.link.userId !== member.userId || !entitledToGroup(linked.sub, linked.pause, clock()))
      return;
    const now = clock();
    // A link that expired may have been used while its chat_member update was lost (or before
    // the webhook asked for them), so Telegram is asked before another link goes out.
    if (member.invites > 1 && (await inGroup(bot, vipChatId, telegramUserId))) {
      await repo.becameMember(telegramUserId, round, now);
      return;
    }
    const expiresAt = new Date(now.getTime() + VIP_INVITE_HOURS * 3_600_000);
    // https://core.telegram.org/bots/api#createchatinvitelink: one person, 24 hours. Without
    // creates_join_request, which Telegram refuses together with member_limit.
    const created = (await callBotApi(bot, 'createChatInviteLink', {
      chat_id: vipChatId,
      name: `MagoTips ${round}`,
      expire_date: unix(expiresAt),
      member_limit: 1,
    })) as { invite_link?: unknown } | null;
    const link = created?.invite_link;
    if (typeof link !== 'string' || !link.startsWith('https://'))
      throw new BotApiError('Telegram respondió a createChatInviteLink sin enlace');
    await db.transaction(async (tx) => {
      if (!(await repo.invited(tx, telegramUserId, round, link, expiresAt, now))) return;
      await jobs.enqueue(
        tx,
        messageJob(
          `${VIP_GROUP_JOBS.invite}:message:${telegramUserId}:${round}`,
          linked.link.chatId,
          VIP_GROUP_MSG.invite(link),
        ),
      );
    });
  });

  jobs.register(VIP_GROUP_JOBS.remove, async (job, { db, clock }) => {
    const { telegramUserId, round } = job.payload as RoundPayload;
    const repo = createVipGroupRepository(db);
    const member = await repo.member(telegramUserId);
    if (member?.state !== 'removing' || member.round !== round) return;
    const now = clock();
    if (member.inviteLink && member.inviteExpiresAt && member.inviteExpiresAt > now) {
      // A link not yet used would still open the group for a day.
      await callBotApi(bot, 'revokeChatInviteLink', {
        chat_id: vipChatId,
        invite_link: member.inviteLink,
      }).catch((err: unknown) => {
        // Already used up or expired at Telegram's end: nothing left to revoke.
        if (!(err instanceof BotApiError)) throw err;
      });
    }
    // Ban then unban (only if banned): out of the group now, free to come back with a new link.
    await callBotApi(bot, 'banChatMember', { chat_id: vipChatId, user_id: telegramUserId });
    await callBotApi(bot, 'unbanChatMember', {
      chat_id: vipChatId,
      user_id: telegramUserId,
      only_if_banned: true,
    });
    const linked = await repo.linkOf(telegramUserId);
    await db.transaction(async (tx) => {
      await repo.removed(tx, telegramUserId, round, now);
      // Told in the private chat while the account is still linked (not after /stop).
      if (linked)
        await jobs.enqueue(
          tx,
          messageJob(
            `${VIP_GROUP_JOBS.remove}:message:${telegramUserId}:${round}`,
            linked.link.chatId,
            VIP_GROUP_MSG.removed,
          ),
        );
    });
  });

  jobs.register(TELEGRAM_JOIN_REQUEST_JOB, async (job, { db, clock }) => {
    const { chatId, telegramUserId } = job.payload as JoinRequestPayload;
    const repo = createVipGroupRepository(db);
    const linked = await repo.linkOf(telegramUserId);
    const params = { chat_id: chatId, user_id: telegramUserId };
    if (linked && entitledToGroup(linked.sub, linked.pause, clock())) {
      await callBotApi(bot, 'approveChatJoinRequest', params);
      await repo.joined({ userId: linked.link.userId, telegramUserId }, clock());
    } else {
      await callBotApi(bot, 'declineChatJoinRequest', params);
    }
  });

  // Who entered through which of the bot's links (a chat_member update). The link's owner is a
  // member from now on; anyone else got a one-person link forwarded before its owner used it:
  // kept if entitled in their own right, removed otherwise, and the owner gets a new link.
  jobs.register(TELEGRAM_CHAT_JOINED_JOB, async (job, { db, clock }) => {
    const { telegramUserId, inviteLink } = job.payload as ChatJoinedPayload;
    const repo = createVipGroupRepository(db);
    const owner = await repo.byInviteLink(inviteLink);
    // Not one of the bot's current links (the group owner's own door): not the bot's to police.
    if (!owner) return;
    const now = clock();
    if (owner.telegramUserId === telegramUserId) {
      await repo.enteredWithOwnLink(telegramUserId, inviteLink, now);
      return;
    }
    await repo.linkTaken(owner.telegramUserId, inviteLink, now);
    const linked = await repo.linkOf(telegramUserId);
    if (linked && entitledToGroup(linked.sub, linked.pause, now)) {
      await repo.joined({ userId: linked.link.userId, telegramUserId }, now);
      return;
    }
    await db.transaction(async (tx) => {
      const round = await repo.startIntruderRemoval(tx, telegramUserId, linked?.link.userId, now);
      if (round !== null) await jobs.enqueue(tx, removeJob(telegramUserId, round));
    });
  });
}

/** Whether `telegramUserId` is in the group now (getChatMember, whose `restricted` members
 * may have left: is_member says). */
async function inGroup(bot: BotConfig, chatId: number, telegramUserId: number): Promise<boolean> {
  const member = (await callBotApi(bot, 'getChatMember', {
    chat_id: chatId,
    user_id: telegramUserId,
  })) as { status?: unknown; is_member?: unknown } | null;
  const status = member?.status;
  if (status === 'restricted') return member?.is_member === true;
  return status === 'creator' || status === 'administrator' || status === 'member';
}

/** The first round after a start; the others follow from each round. */
export async function seedReconcile(jobs: JobRunner, db: Db, now: Date): Promise<void> {
  await jobs.enqueue(db, reconcileJob(now));
}
