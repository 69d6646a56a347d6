import { type BotConfig, callBotApi } from './bot-api';

/** What the bot hears: private messages (/start, /stop) and, for the VIP group, join requests
 * and who entered through which link (chat_member, only sent when asked for here). */
export const ALLOWED_UPDATES = ['message', 'chat_join_request', 'chat_member'] as const;

/** setWebhook (https://core.telegram.org/bots/api#setwebhook) with our address and secret;
 * answers the address. Telegram keeps the updates of the last 24 h for a new webhook. */
export async function registerWebhook(
  bot: BotConfig & { webhookSecret: string },
  appUrl: string,
  opts: { fetch?: typeof fetch } = {},
): Promise<string> {
  const url = `${appUrl}/api/telegram/webhook`;
  await callBotApi(
    bot,
    'setWebhook',
    { url, secret_token: bot.webhookSecret, allowed_updates: ALLOWED_UPDATES },
    opts,
  );
  return url;
}
