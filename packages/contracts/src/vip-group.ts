import { audienceHelpLine } from './help-resources';

/** The bot's chats last: the age line and where to find help (issue 32 items 2 and 6). The chat
 * may be anyone's, so it names the audience's resources, as the channel does (decision 0115). */
const BOT_FOOTER = audienceHelpLine();

/** The paid VIP group on Telegram (issue 31 item 2, decision 0104): what the bot says in the
 * reader's private chat, and how long an invitation lasts. */

/** An invitation link works for one person (member_limit 1) for this long. */
export const VIP_INVITE_HOURS = 24;

/** How often the bot compares the group with who is entitled: an ended subscription is out
 * within two rounds, well inside the 10 minutes. */
export const VIP_RECONCILE_MINUTES = 2;

/** Invitations sent to someone who never used one, before the bot stops insisting. */
export const VIP_MAX_INVITES = 3;

export const VIP_GROUP_MSG = {
  invite: (link: string) =>
    `¡Ya tienes acceso al grupo VIP de MagoTips! Entra con este enlace personal: vale para una sola persona y caduca en ${VIP_INVITE_HOURS} horas.\n\n${link}\n\n${BOT_FOOTER}`,
  removed: `Tu acceso al grupo VIP de MagoTips ha terminado, así que te hemos sacado del grupo. Cuando vuelvas a tener una suscripción VIP, te enviaremos un enlace nuevo.\n\n${BOT_FOOTER}`,
} as const;
