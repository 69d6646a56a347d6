import type { CountryCode } from '@magotips/contracts/countries';
import { formatUsd } from '@magotips/contracts/money';
import { planNoun } from '@magotips/contracts/plans';
import {
  type EmailQuote,
  escapeHtml,
  greeting,
  layout,
  quoteText,
  type RenderedEmail,
  shownName,
  textFooter,
} from '../mail/templates';

const BRAND = 'MagoTips';

export type GiftWhat = { type: 'plan' | 'pack'; itemName: string; months: number | null };

/** What the code gives, in words: "el pack «X»" or "el Plan Premium durante 3 meses". */
export function giftWhatText(what: GiftWhat): string {
  if (what.type === 'pack') return `el pack «${what.itemName}»`;
  const months = what.months ?? 1;
  return `el ${planNoun(what.itemName)} durante ${months === 1 ? '1 mes' : `${months} meses`}`;
}

/** The buyer's sentence on what they paid: their e-mail's and the gift product's description. */
export function giftPaidLine(amount: number, what: GiftWhat): string {
  return `Hemos recibido tu pago de ${formatUsd(amount)} por un regalo: ${giftWhatText(what)}.`;
}

export function giftRedeemUrl(appUrl: string, code: string): string {
  return `${appUrl}/panel/cuenta?regalo=${encodeURIComponent(code)}`;
}

/** To the buyer, always: the code, what it gives, where it went, and the payment reference. */
export function giftBuyerEmail(input: {
  firstName: string;
  what: GiftWhat;
  code: string;
  redeemUrl: string;
  recipientEmail: string | null;
  /** Whether the recipient's e-mail carries a message of the buyer's. */
  withMessage: boolean;
  amount: number;
  transactionId: string;
  supportEmail: string;
  /** The buyer's country, for the footer's help line (decision 0115). */
  country: CountryCode;
}): RenderedEmail {
  const title = '¡Tu regalo está listo!';
  const hello = greeting(input.firstName);
  const paid = giftPaidLine(input.amount, input.what);
  const codeLine = `Código de regalo: ${input.code}`;
  const sent = input.recipientEmail
    ? `Hemos enviado el código${input.withMessage ? ' y tu mensaje' : ''} a ${input.recipientEmail}. Te lo mandamos también a ti por si quieres dárselo en persona.`
    : 'Dáselo a quien quieras: quien lo canjee desde su cuenta recibe el regalo. El código se puede usar una sola vez.';
  const how = 'Para canjearlo hay que iniciar sesión (o crear una cuenta) y abrir este enlace:';
  const reference = `Referencia de la transacción: ${input.transactionId}. Consérvala si necesitas contactar con soporte (${input.supportEmail}).`;
  return {
    subject: `Tu código de regalo de ${BRAND}`,
    text: `${hello}\n\n${paid}\n\n${codeLine}\n\n${sent}\n\n${how}\n${input.redeemUrl}\n\n${reference}\n${textFooter(input.country)}`,
    html: layout({
      title,
      country: input.country,
      paragraphs: [hello, paid, codeLine, sent, how].map(escapeHtml),
      button: { label: 'Canjear el código', url: input.redeemUrl },
      after: [escapeHtml(reference)],
    }),
  };
}

/** The recipient's subject: fixed, with nothing the buyer typed (issue 29, item 2). */
export const GIFT_RECIPIENT_SUBJECT = `Tienes un regalo en ${BRAND}`;
export const GIFT_MESSAGE_LABEL = 'Mensaje de quien te lo regala:';
export const GIFT_MESSAGE_NOTE = `Este mensaje lo ha escrito quien te hace el regalo, no ${BRAND}.`;

/** To the recipient, when the buyer named one. Goes to an address nobody has confirmed, so it
 * greets no one; the buyer's name is shown by the greeting's rule (no link can hide in it), never
 * in the subject, and their message (link-free by the contracts' rule) only as an escaped
 * quotation marked as theirs (decision 0083). */
export function giftRecipientEmail(input: {
  buyerName: string;
  what: GiftWhat;
  message: string | null;
  code: string;
  redeemUrl: string;
}): RenderedEmail {
  const from = shownName(input.buyerName, 80) ?? 'Alguien';
  const title = '¡Te han hecho un regalo!';
  const intro = `${from} te regala ${giftWhatText(input.what)} en ${BRAND}, los pronósticos deportivos de nuestros expertos.`;
  const quote: EmailQuote | null = input.message
    ? { quoteLabel: GIFT_MESSAGE_LABEL, text: input.message, note: GIFT_MESSAGE_NOTE }
    : null;
  const codeLine = `Tu código de regalo: ${input.code}`;
  const how =
    'Para canjearlo, abre este enlace, inicia sesión o crea tu cuenta gratis, y pulsa «Canjear». El código se puede usar una sola vez.';
  const ignore = 'Si no esperabas este regalo, puedes ignorar este mensaje.';
  return {
    subject: GIFT_RECIPIENT_SUBJECT,
    text: `${greeting()}\n\n${intro}\n\n${quote ? `${quoteText(quote)}\n\n` : ''}${codeLine}\n\n${how}\n${input.redeemUrl}\n\n${ignore}\n${textFooter(null)}`,
    html: layout({
      title,
      // Someone nobody has confirmed, anywhere: the help that serves every country.
      country: null,
      paragraphs: [
        escapeHtml(greeting()),
        escapeHtml(intro),
        // Escaped by the layout, line breaks kept: the message can never become markup.
        ...(quote ? [quote] : []),
        escapeHtml(codeLine),
        escapeHtml(how),
      ],
      button: { label: 'Canjear mi regalo', url: input.redeemUrl },
      after: [escapeHtml(ignore)],
    }),
  };
}
