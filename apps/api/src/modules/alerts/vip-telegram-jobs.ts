import { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { ClaimedJob, JobContext, JobInput, JobRunner } from '../jobs/job-runner';
import { callBotApi } from '../telegram/bot-api';
import type { TipEventBus } from '../tips/tip-events';
import { VIP_CHANGE_FIELDS, vipChangeText, vipPostText } from './vip-telegram-text';
import type { VipTelegramRepository } from './vip-telegram.repository';

/** The bot's VIP posts (issue 31 item 3, decision 0106): one fan-out per tip, one post per chat
 * (the paid group, each pack buyer), and per change before kick-off one reply per post. */
export const VIP_JOBS = {
  fanout: 'alerts.vip.fanout',
  post: 'alerts.vip.post',
  change: 'alerts.vip.change',
  changePost: 'alerts.vip.change-post',
} as const;

/** Buyers per fan-out transaction, as FANOUT_BATCH is for the alerts. */
const BUYERS_BATCH = 500;

const ZTip = z.object({ tipId: z.uuid() });
const ZPost = z.object({ tipId: z.uuid(), userId: z.uuid().nullable() });
const ZFields = z.array(z.enum(VIP_CHANGE_FIELDS));
const ZChange = z.object({ tipId: z.uuid(), at: z.number().int(), fields: ZFields });
const ZChangePost = z.object({
  tipId: z.uuid(),
  chatId: z.number().int(),
  userId: z.uuid().nullable(),
  messageId: z.number().int(),
  fields: ZFields,
});

/** The key is the "never twice": a tip is posted once per chat, however often its publication
 * event or its job comes again (done jobs keep their keys). */
export const postJob = (tipId: string, userId: string | null): JobInput => ({
  kind: VIP_JOBS.post,
  payload: { tipId, userId },
  dedupeKey: `alerts.vip.post:${tipId}:${userId ?? 'group'}`,
});

/**
 * Turns tip events into the bot's VIP jobs, in the transaction of the change. A first
 * publication before kick-off is posted (as the alerts: issue 29 item 14); a change of what a
 * bettor acts on, made before kick-off, is replied to each post. After kick-off the record is
 * locked and nothing more is said.
 */
export function subscribeVipTelegram(events: TipEventBus): void {
  events.queue('published', (e) =>
    e.first && e.tip.category === 'premium' && e.at < e.tip.matchDate
      ? { kind: VIP_JOBS.fanout, payload: { tipId: e.tip.id }, dedupeKey: `alerts.vip:${e.tip.id}` }
      : null,
  );
  events.queue('changed', (e) => {
    const fields = VIP_CHANGE_FIELDS.filter((f) => e.fields.includes(f));
    if (e.tip.category !== 'premium' || fields.length === 0 || e.at >= e.tip.matchDate) return null;
    const at = e.at.getTime();
    return {
      kind: VIP_JOBS.change,
      payload: { tipId: e.tip.id, at, fields },
      dedupeKey: `alerts.vip.change:${e.tip.id}:${at}`,
    };
  });
}

export type VipTelegramDeps = {
  config: Pick<AppConfig, 'appUrl'> & { telegramBot: NonNullable<AppConfig['telegramBot']> };
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  repo: VipTelegramRepository;
};

export function registerVipTelegramJobs(deps: VipTelegramDeps): void {
  const { config, db, clock, jobs, repo } = deps;
  const bot = config.telegramBot;
  const groupChat = bot.vipChatId ? Number(bot.vipChatId) : null;

  /** The chat a post goes to now: the group while it is configured, a buyer while linked,
   * still holding the tip and not paused. Null: nobody to tell. */
  const chatOf = async (tipId: string, userId: string | null) =>
    userId === null ? groupChat : repo.buyerChat(userId, tipId, clock());

  /** Who reads a post: null for the group (many zones), the buyer's locale otherwise. */
  const readerOf = async (userId: string | null) =>
    userId === null ? null : repo.readerOf(userId);

  async function sendHtml(chatId: number, text: string, extra: Record<string, unknown> = {}) {
    return callBotApi(bot, 'sendMessage', {
      chat_id: chatId,
      text,
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...extra,
    });
  }

  async function fanout(job: ClaimedJob, ctx: JobContext): Promise<void> {
    const { tipId } = ZTip.parse(job.payload);
    const tip = await repo.tip(tipId);
    if (!tip?.isPublished || tip.category !== 'premium') return;
    let queued = groupChat === null ? 0 : await jobs.enqueue(db, postJob(tipId, null));
    let after: string | null = null;
    for (;;) {
      const page = await repo.buyers(db, tipId, clock(), after, BUYERS_BATCH);
      queued += await jobs.enqueue(
        db,
        page.map((userId) => postJob(tipId, userId)),
      );
      if (page.length < BUYERS_BATCH) break;
      after = page.at(-1) ?? null;
    }
    ctx.log.info({ job: job.kind, jobId: job.id, queued }, 'publicaciones VIP de Telegram en cola');
  }

  async function post(job: ClaimedJob, ctx: JobContext): Promise<void> {
    const { tipId, userId } = ZPost.parse(job.payload);
    const tip = await repo.tip(tipId);
    // Hidden, no longer VIP or already under way when its turn came: a pick helps nobody then.
    if (!tip?.isPublished || tip.category !== 'premium' || clock() >= tip.matchDate) return;
    const chatId = await chatOf(tipId, userId);
    // Posted already by a run whose instance died before the job ended.
    if (chatId === null || (await repo.postOf(tipId, chatId))) return;
    const sent = (await sendHtml(
      chatId,
      vipPostText(tip, config.appUrl, await readerOf(userId)),
    )) as { message_id?: unknown } | null;
    if (typeof sent?.message_id !== 'number') {
      ctx.log.warn({ job: job.kind, jobId: job.id }, 'Telegram no devolvió message_id');
      return;
    }
    await repo.record(tipId, { chatId, userId, messageId: sent.message_id }, clock());
  }

  /** One reply per message that carries the tip, enqueued together. */
  async function change(job: ClaimedJob): Promise<void> {
    const { tipId, at, fields } = ZChange.parse(job.payload);
    const tip = await repo.tip(tipId);
    if (!tip?.isPublished || tip.category !== 'premium') return;
    await db.transaction(async (tx) => {
      const posts = await repo.postsOf(tx, tipId);
      await jobs.enqueue(
        tx,
        posts.map((p) => ({
          kind: VIP_JOBS.changePost,
          payload: { tipId, ...p, fields },
          dedupeKey: `alerts.vip.change:${tipId}:${at}:${p.chatId}`,
        })),
      );
    });
  }

  async function changePost(job: ClaimedJob): Promise<void> {
    const p = ZChangePost.parse(job.payload);
    const tip = await repo.tip(p.tipId);
    if (!tip?.isPublished || tip.category !== 'premium') return;
    // The group since replaced, or the buyer unlinked or refunded: that chat hears no more.
    if ((await chatOf(p.tipId, p.userId)) !== p.chatId) return;
    await sendHtml(
      p.chatId,
      vipChangeText(tip, config.appUrl, p.fields, await readerOf(p.userId)),
      {
        // A reader may have deleted the original from their chat: the reply goes anyway.
        reply_parameters: { message_id: p.messageId, allow_sending_without_reply: true },
      },
    );
  }

  jobs.register(VIP_JOBS.fanout, fanout);
  jobs.register(VIP_JOBS.post, post);
  jobs.register(VIP_JOBS.change, change);
  jobs.register(VIP_JOBS.changePost, changePost);
}
