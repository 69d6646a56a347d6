import { z } from 'zod';
import { ConfigError } from './config-error';

/** The bot's variables, spread into the environment's schema (config.ts). */
export const TELEGRAM_ENV = {
  // The bot (issue 15's public channel, issue 31's linked accounts). The channel needs the token;
  // linking accounts needs the token and the webhook's secret.
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, 'TELEGRAM_BOT_TOKEN no parece un token de bot (123456:ABC…)')
    .optional(),
  TELEGRAM_CHANNEL_ID: z
    .string()
    .regex(
      /^(@[A-Za-z]\w{4,}|-?\d+)$/,
      'TELEGRAM_CHANNEL_ID debe ser @nombre_del_canal o su id numérico',
    )
    .optional(),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  // What Telegram sends back in X-Telegram-Bot-Api-Secret-Token (setWebhook's secret_token:
  // 1–256 characters of A-Z a-z 0-9 _ -).
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(
      /^[\w-]{32,256}$/,
      'TELEGRAM_WEBHOOK_SECRET debe tener entre 32 y 256 caracteres A-Z, a-z, 0-9, _ o - (openssl rand -hex 32)',
    )
    .optional(),
  // The paid VIP group (issue 31): its numeric id, negative as Telegram gives group ids. The bot
  // invites, approves join requests and removes members there, so it needs the webhook too.
  TELEGRAM_VIP_CHAT_ID: z
    .string()
    .regex(
      /^-\d{5,}$/,
      'TELEGRAM_VIP_CHAT_ID debe ser el id numérico del grupo (negativo, como -1001234567890)',
    )
    .optional(),
};

type TelegramEnv = {
  TELEGRAM_BOT_TOKEN?: string | undefined;
  TELEGRAM_CHANNEL_ID?: string | undefined;
  TELEGRAM_API_URL: string;
  TELEGRAM_WEBHOOK_SECRET?: string | undefined;
  TELEGRAM_VIP_CHAT_ID?: string | undefined;
};

/** The public channel new tips are posted to. */
export type TelegramChannelConfig = { token: string; channelId: string; apiUrl: string };
/** The bot that links readers' Telegram accounts and, with `vipChatId`, runs the paid group
 * (issue 31). */
export type TelegramBotConfig = {
  token: string;
  webhookSecret: string;
  apiUrl: string;
  vipChatId: string | undefined;
};

/** The channel and the bot as configured (each undefined when off); throws a ConfigError for a
 * combination that cannot work. */
export function telegramConfig(
  e: TelegramEnv,
  isProduction: boolean,
): { telegram: TelegramChannelConfig | undefined; telegramBot: TelegramBotConfig | undefined } {
  if (e.TELEGRAM_CHANNEL_ID && !e.TELEGRAM_BOT_TOKEN) {
    throw new ConfigError(
      'Falta TELEGRAM_BOT_TOKEN: TELEGRAM_CHANNEL_ID necesita el token del bot que publica en el canal.',
    );
  }
  if (e.TELEGRAM_VIP_CHAT_ID && !(e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_WEBHOOK_SECRET)) {
    throw new ConfigError(
      'Faltan TELEGRAM_BOT_TOKEN y TELEGRAM_WEBHOOK_SECRET: el grupo VIP (TELEGRAM_VIP_CHAT_ID) necesita el bot y las solicitudes de entrada que llegan por su webhook.',
    );
  }
  if (Boolean(e.TELEGRAM_BOT_TOKEN) !== Boolean(e.TELEGRAM_WEBHOOK_SECRET) && isProduction) {
    throw new ConfigError(
      'TELEGRAM_BOT_TOKEN y TELEGRAM_WEBHOOK_SECRET van juntos en producción: sin el secreto nadie podría conectar su Telegram (docs/deploy.md).',
    );
  }
  const apiUrl = e.TELEGRAM_API_URL.replace(/\/$/, '');
  return {
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHANNEL_ID
        ? { token: e.TELEGRAM_BOT_TOKEN, channelId: e.TELEGRAM_CHANNEL_ID, apiUrl }
        : undefined,
    telegramBot:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_WEBHOOK_SECRET
        ? {
            token: e.TELEGRAM_BOT_TOKEN,
            webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
            apiUrl,
            vipChatId: e.TELEGRAM_VIP_CHAT_ID,
          }
        : undefined,
  };
}
