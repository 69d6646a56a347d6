import { audienceHelpLine, responsiblePlayLine } from '@magotips/contracts/help-resources';
import { kickOffText, oddsText } from '@magotips/contracts/kick-off-text';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { kickOffInAudienceZones } from '@magotips/contracts/time-zone';
import { escapeHtml } from '../mail/templates';
import type { ReaderLocale } from '../users/user-locale';
import type { AlertTip } from './alert-email';

/** The changes a VIP post reports, in the order it names them (tip-events.ts's field names). */
export const VIP_CHANGE_FIELDS = ['title', 'matchDate', 'pick', 'odds', 'stake'] as const;
export type VipChangeField = (typeof VIP_CHANGE_FIELDS)[number];

const FIELD_NAMES: Record<VipChangeField, string> = {
  title: 'el partido',
  matchDate: 'la fecha',
  pick: 'el pronóstico',
  odds: 'la cuota',
  stake: 'el stake',
};

/** Where the post goes: the paid group (null: many readers, many zones), or a pack buyer's
 * private chat with the bot, written in their zone and with their country's help line. */
export type VipReader = ReaderLocale | null;

/** "a, b y c". */
function listText(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)}`;
}

/** The tip's body, the same in a first post and in a change: match, kick-off, bet, link. Every
 * editor's text is escaped: the message goes with parse_mode HTML, and a "<" in a title would
 * otherwise make Telegram refuse it (or read it as markup). */
function body(tip: AlertTip, appUrl: string, reader: VipReader): string[] {
  const sport = findSport(tip.icon)?.label ?? 'Deporte';
  // Issue 32 item 1: the buyer's own clock; the group's readers get the audience's zones.
  const when = reader
    ? kickOffText(tip.matchDate, reader.timeZone)
    : kickOffInAudienceZones(tip.matchDate);
  const lines = [`${sportEmoji(tip.icon)} ${sport} · ${escapeHtml(when)}`];
  if (tip.pick && tip.oddsCents !== null && tip.stake !== null) {
    lines.push(
      `Pronóstico: <b>${escapeHtml(tip.pick)}</b>`,
      `Cuota: ${oddsText(tip.oddsCents / 100)} · Stake: ${tip.stake} u`,
    );
  }
  lines.push(`<a href="${escapeHtml(`${appUrl}/tip/${tip.id}`)}">Lee el análisis completo</a>`);
  // Issue 32 item 5: a pick never reads as a promise (decision 0111).
  lines.push(`<i>${PAST_RESULTS_NOTICE}.</i>`);
  // Issue 32 item 2 (decision 0115): the buyer's country's help, or every country's in the group.
  lines.push(escapeHtml(reader ? responsiblePlayLine(reader.country) : audienceHelpLine()));
  return lines;
}

/**
 * The bot's message with a new VIP tip (parse_mode HTML). It names the pick: it only goes to the
 * paid group and to buyers of a pack that holds the tip, never to the public channel
 * (telegram-text.ts's teaser is the public one).
 */
export function vipPostText(tip: AlertTip, appUrl: string, reader: VipReader): string {
  const head =
    reader === null
      ? `💎 <b>Nuevo tip VIP: ${escapeHtml(tip.title)}</b>`
      : `💎 <b>Tip VIP de tu pack: ${escapeHtml(tip.title)}</b>`;
  return [head, ...body(tip, appUrl, reader)].join('\n');
}

/** The reply to a VIP post when the editor changes it before kick-off: what changed, then the
 * tip as it stands now (the original post is left as it was sent: decision 0106). */
export function vipChangeText(
  tip: AlertTip,
  appUrl: string,
  fields: VipChangeField[],
  reader: VipReader,
): string {
  const names = VIP_CHANGE_FIELDS.filter((f) => fields.includes(f)).map((f) => FIELD_NAMES[f]);
  const what = names.length > 0 ? listText(names) : 'el tip';
  const head = `✏️ <b>Cambio en el tip VIP: ${escapeHtml(tip.title)}</b>`;
  return [head, `Ha cambiado ${what}. Así queda:`, ...body(tip, appUrl, reader)].join('\n');
}
