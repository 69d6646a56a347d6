import type { CountryCode } from '@magotips/contracts/countries';
import { kickOffText, oddsText } from '@magotips/contracts/kick-off-text';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { findSport } from '@magotips/contracts/sports';
import {
  escapeHtml,
  greeting as greet,
  layout,
  type RenderedEmail,
  textFooter,
} from '../mail/templates';

/** What an alert tells of a tip. Never the analysis: the link leads to it, where the tips
 * module decides who may read it. */
export type AlertTip = {
  id: string;
  title: string;
  icon: string;
  category: 'free' | 'premium';
  matchDate: Date;
  pick: string | null;
  oddsCents: number | null;
  stake: number | null;
};

/** The bet in one line, or null when the tip has none. */
function betLine(tip: AlertTip): string | null {
  if (tip.pick === null || tip.oddsCents === null || tip.stake === null) return null;
  // Worded as the Telegram post words it (telegram-text.ts): one voice on every channel.
  return `Pronóstico: ${tip.pick} · cuota ${oddsText(tip.oddsCents / 100)} · stake ${tip.stake} u`;
}

export type TipAlertInput = {
  tip: AlertTip;
  firstName: string;
  /** The reader's zone and country: the kick-off is in their time, named, and the footer
   * carries their country's help line (issue 32 items 1 and 2). */
  timeZone: string;
  country: CountryCode;
  /** Whether this reader may read the bet: any reader of a free tip, only entitled ones of a
   * VIP tip (the fan-out sends VIP tips to no one else, so this is a second lock). */
  showBet: boolean;
  tipUrl: string;
  unsubscribeUrl: string;
  /** A sample sent from the account page ("Enviar aviso de prueba"). */
  sample?: boolean;
  /** The public ledger's head when sent ("#123 · 9f86d081884c7d65"), and where to check it. */
  witness?: string | null;
  recordUrl?: string;
};

/** The e-mail announcing a new tip (issue 15). */
export function tipAlertEmail(input: TipAlertInput): RenderedEmail {
  const { tip } = input;
  const sport = findSport(tip.icon)?.label ?? 'Deporte';
  const kind = tip.category === 'free' ? 'gratis' : 'VIP';
  const title = `Nuevo tip ${kind}: ${sport}`;
  const hello = greet(input.firstName);
  const intro = input.sample
    ? 'Este es un aviso de prueba: así te llegará cada nuevo tip que publiquemos.'
    : `Acabamos de publicar un nuevo tip ${kind} de ${sport}.`;
  const match = `${tip.title}`;
  const when = `Partido: ${kickOffText(tip.matchDate, input.timeZone)}.`;
  const bet = input.showBet ? betLine(tip) : null;
  const teaser =
    tip.category === 'premium' && !input.showBet
      ? 'El pronóstico y el análisis son para suscriptores VIP y compradores del pack.'
      : null;
  const lines = [match, when, bet ?? teaser].filter((l): l is string => l !== null);
  const why =
    'Recibes este aviso porque activaste los avisos de nuevos tips por e-mail. Puedes cambiarlos en tu cuenta.';
  const leave = `Darte de baja de estos avisos: ${input.unsubscribeUrl}`;
  // Issue 32 item 5: an alert never reads as a promise (decision 0111).
  const notice = `${PAST_RESULTS_NOTICE}.`;
  // The proof issue: every alert keeps a copy of the ledger's head in the reader's inbox.
  const record = input.witness
    ? `Registro público del historial en el momento de este aviso: ${input.witness}${input.recordUrl ? ` (compruébalo en ${input.recordUrl})` : ''}.`
    : null;
  return {
    subject: `${input.sample ? '[Prueba] ' : ''}${sport} · ${tip.title}`,
    text: `${hello}\n\n${intro}\n\n${lines.join('\n')}\n${notice}\n\nVer el tip:\n${input.tipUrl}\n\n${why}\n${leave}\n${record ? `${record}\n` : ''}${textFooter(input.country)}`,
    html: layout({
      title,
      country: input.country,
      paragraphs: [
        escapeHtml(hello),
        escapeHtml(intro),
        `<strong>${escapeHtml(match)}</strong><br>${lines.slice(1).map(escapeHtml).join('<br>')}`,
        `<span style="font-size:13px;color:#a5b4fc;">${escapeHtml(notice)}</span>`,
      ],
      button: { label: 'Ver el tip', url: input.tipUrl },
      after: [
        escapeHtml(why),
        `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#f5c542;">Darme de baja de estos avisos</a>`,
        ...(record ? [escapeHtml(record)] : []),
      ],
    }),
  };
}
