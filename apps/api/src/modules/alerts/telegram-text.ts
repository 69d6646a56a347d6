import { kickOffText, oddsText } from '@magotips/contracts/kick-off-text';
import { findSport, sportEmoji } from '@magotips/contracts/sports';
import type { AlertTip } from './alert-email';


/**
 * The channel post for a new tip. The channel is public: a free tip goes whole (its bet is
 * public on the site too); a VIP tip goes as a teaser, the match and kick-off only, never the
 * pick, odds or analysis, with the way to read it.
 */
export function telegramText(tip: AlertTip, appUrl: string): string {
  const sport = findSport(tip.icon)?.label ?? 'Deporte';
  const when = `${sport} · ${kickOffText(tip.matchDate)}`;
  if (tip.category === 'premium') {
    return `🔒 Nuevo tip VIP: ${tip.title} · ${when} · Hazte VIP en ${appUrl}/subscription`;
  }
  const lines = [`${sportEmoji(tip.icon)} Nuevo tip gratis: ${tip.title}`, when];
  if (tip.pick && tip.oddsCents !== null && tip.stake !== null) {
    lines.push(`Pronóstico: ${tip.pick} · cuota ${oddsText(tip.oddsCents / 100)} · stake ${tip.stake} u`);
  }
  lines.push(`Léelo en ${appUrl}/tip/${tip.id}`);
  return lines.join('\n');
}
