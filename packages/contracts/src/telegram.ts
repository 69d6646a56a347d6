import { z } from 'zod';
import { audienceHelpLine } from './help-resources';

/** The bot's chats last: the age line and where to find help (issue 32 items 2 and 6). The chat
 * may be anyone's, so it names the audience's resources, as the channel does (decision 0115). */
const BOT_FOOTER = audienceHelpLine();

/** A Telegram account linked to a MagoTips account (issue 31 item 1, decision 0102). Texts the
 * account card and the routes share, and what the bot answers in the chat. */

/** How long a "Conectar Telegram" link works, and how many times (once). */
export const TELEGRAM_LINK_MINUTES = 15;

export const TELEGRAM_MSG = {
  unavailable: 'Telegram no está disponible ahora mismo. Inténtalo de nuevo más tarde.',
  unlinked: 'Has desconectado tu cuenta de Telegram.',
  /** What the bot answers in the private chat. */
  bot: {
    linked: `¡Listo! Tu cuenta de MagoTips está conectada a este Telegram. Para desconectarla, escribe /stop o pulsa «Desconectar» en tu cuenta.\n\n${BOT_FOOTER}`,
    expired: `Este enlace ha caducado o ya se usó. Vuelve a tu cuenta de MagoTips y pulsa «Conectar Telegram» otra vez (cada enlace vale ${TELEGRAM_LINK_MINUTES} minutos y una sola vez).\n\n${BOT_FOOTER}`,
    takenByOther: `Este Telegram ya está conectado a otra cuenta de MagoTips. Desconéctalo allí primero (o escribe /stop aquí) y vuelve a pulsar «Conectar Telegram».\n\n${BOT_FOOTER}`,
    welcome: `¡Hola! Soy el bot de MagoTips. Para conectar tu cuenta, entra en MagoTips, ve a «Mi cuenta» y pulsa «Conectar Telegram».\n\n${BOT_FOOTER}`,
    stopped: `Has desconectado tu cuenta de MagoTips de este Telegram. Puedes volver a conectarla cuando quieras desde «Mi cuenta».\n\n${BOT_FOOTER}`,
    notLinked: `Este Telegram no estaba conectado a ninguna cuenta de MagoTips.\n\n${BOT_FOOTER}`,
  },
} as const;

/** POST /api/telegram/link: the address that opens the bot with this account's one-time token. */
export const ZTelegramLinkResponse = z.object({
  success: z.literal(true),
  url: z.string(),
});
export type TTelegramLinkResponse = z.infer<typeof ZTelegramLinkResponse>;

/** GET /api/telegram/link: what the account card shows. `available` is false when the site has no
 * bot (the card then explains instead of offering the button). */
export const ZTelegramLinkStatus = z.object({
  success: z.literal(true),
  available: z.boolean(),
  linked: z.boolean(),
  /** The linked Telegram user's @username, without the @; null when none or not linked. */
  username: z.string().nullable(),
});
export type TTelegramLinkStatus = z.infer<typeof ZTelegramLinkStatus>;
