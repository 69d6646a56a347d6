import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { registerVipGroupJobs, seedReconcile } from './vip-group.jobs';

/** The paid VIP group on Telegram (issue 31 item 2, decision 0104). No HTTP route: the bot
 * invites, approves and removes through the job queue. Off unless the site has the bot and
 * TELEGRAM_VIP_CHAT_ID. */
export async function vipGroupRoutes(_app: FastifyInstance, deps: ModuleDeps) {
  const bot = deps.config.telegramBot;
  if (!bot?.vipChatId) return;
  registerVipGroupJobs(deps.jobs, { bot, vipChatId: Number(bot.vipChatId) });
  await seedReconcile(deps.jobs, deps.db, deps.clock());
}
