import { audienceHelpLine } from '@magotips/contracts/help-resources';
import { oddsText } from '@magotips/contracts/kick-off-text';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import { kickOffInAudienceZones } from '@magotips/contracts/time-zone';
import type { AlertTip } from './alert-email';

/** Last in every post: an alert never reads as a promise (issue 32 item 5, decision 0111), and
 * the channel has no single reader, so the help line names the audience's resources (0115). */
const NOTICE = `${PAST_RESULTS_NOTICE}.\n${audienceHelpLine()}`;

/** "Fútbol · 21:00 España · 14:00 México · …": the channel's readers live in several zones
 * (issue 32 item 1, decision 0114). */
function whenText(tip: AlertTip): string {
  const sport = findSport(tip.icon)?.label ?? 'Deporte';
  return `${sport} · ${kickOffInAudienceZones(tip.matchDate)}`;
}

/**
 * The channel post for a new tip. The channel is public: a free tip goes whole (its bet is
 * public on the site too); a VIP tip goes as a teaser, the match and kick-off only, never the
 * pick, odds or analysis, with the way to read it.
 */
export function telegramText(tip: AlertTip, appUrl: string, witness: string | null = null): string {
  const when = whenText(tip);
  // The ledger's head as of this post (the proof issue): the channel keeps a copy we can't edit.
  const record = witness ? `Registro del historial: ${witness} · ${appUrl}/historial` : null;
  if (tip.category === 'premium') {
    const teaser = `🔒 Nuevo tip VIP: ${tip.title} · ${when} · Hazte VIP en ${appUrl}/subscription`;
    return [teaser, ...(record ? [record] : []), NOTICE].join('\n');
  }
  const lines = [`${sportEmoji(tip.icon)} Nuevo tip gratis: ${tip.title}`, when];
  if (tip.pick && tip.oddsCents !== null && tip.stake !== null) {
    lines.push(
      `Pronóstico: ${tip.pick} · cuota ${oddsText(tip.oddsCents / 100)} · stake ${tip.stake} u`,
    );
  }
  lines.push(`Léelo en ${appUrl}/tip/${tip.id}`);
  if (record) lines.push(record);
  lines.push(NOTICE);
  return lines.join('\n');
}
