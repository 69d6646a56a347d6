import { formatUsd } from '@magotips/contracts/money';
import { planNoun } from '@magotips/contracts/plans';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import {
  escapeHtml,
  greeting as greet,
  layout,
  type RenderedEmail,
  textFooter,
} from '../mail/templates';
import type { ReaderLocale } from '../users/user-locale';

const BRAND = 'MagoTips';

/** A day as the reader's calendar has it (decision 0114): an access that ends at 01:00 UTC
 * ends the day before in Mexico City. */
function formatDate(date: Date, reader: ReaderLocale): string {
  return dateInZoneText(date, reader.timeZone);
}

export type ReceiptInput = {
  firstName: string;
  /** What was paid for, in the product's words (its `describe`, decision 0064). */
  paidFor: string;
  transactionId: string;
  /** Subscriptions: the paid access lasts until then. */
  endDate: Date | null;
  isRenewal: boolean;
  panelUrl: string;
  supportEmail: string;
  /** The recipient's zone (its dates) and country (the footer's help line). */
  reader: ReaderLocale;
};

/** The receipt of one payment: sent once, after the payment is recorded. */
export function receiptEmail(input: ReceiptInput): RenderedEmail {
  const title = input.isRenewal ? 'Tu suscripción se ha renovado' : '¡Pago recibido!';
  const greeting = greet(input.firstName); // no link can hide in a name (decision 0023)
  const what = input.paidFor;
  const until = input.endDate
    ? `Tu acceso VIP está activo hasta el ${formatDate(input.endDate, input.reader)}.`
    : null;
  const reference = `Referencia de la transacción: ${input.transactionId}. Consérvala si necesitas contactar con soporte (${input.supportEmail}).`;
  const paragraphs = [greeting, what, ...(until ? [until] : [])];
  return {
    subject: input.isRenewal
      ? `Renovación de tu suscripción a ${BRAND}`
      : `Recibo de tu compra en ${BRAND}`,
    text: `${paragraphs.join('\n\n')}\n\n${reference}\n\nTu panel: ${input.panelUrl}\n${textFooter(input.reader.country)}`,
    html: layout({
      country: input.reader.country,
      title,
      paragraphs: paragraphs.map(escapeHtml),
      button: { label: 'Ir a mi panel', url: input.panelUrl },
      after: [escapeHtml(reference)],
    }),
  };
}

/** A renewal charge failed: the provider retries, but the card may need updating. The link is
 * the account page, whose "Gestionar pago" opens the portal (its sessions last minutes, an
 * e-mail may be read days later). */
export function renewalFailedEmail(input: {
  firstName: string;
  planName: string;
  amount: number | null;
  nextAttempt?: Date | null;
  panelUrl: string;
  supportEmail: string;
  /** The recipient's zone (its dates) and country (the footer's help line). */
  reader: ReaderLocale;
}): RenderedEmail {
  const title = 'No pudimos cobrar tu renovación';
  const greeting = greet(input.firstName); // no link can hide in a name (decision 0023)
  const retry = input.nextAttempt
    ? `Volveremos a intentarlo el ${formatDate(input.nextAttempt, input.reader)}; mientras tanto conservas tu acceso VIP.`
    : 'Volveremos a intentarlo en los próximos días; mientras tanto conservas tu acceso VIP.';
  const body = `No pudimos cobrar ${input.amount !== null ? `${formatUsd(input.amount)} ` : ''}por la renovación de tu ${planNoun(input.planName)}. ${retry}`;
  const action = `Actualiza tu tarjeta desde tu cuenta, en «Gestionar pago». Si el cobro no se completa, tu suscripción terminará y dejarás de ver los tips VIP. ¿Dudas? Escríbenos a ${input.supportEmail}.`;
  return {
    subject: `Problema con el pago de tu suscripción a ${BRAND}`,
    text: `${greeting}\n\n${body}\n\n${action}\n\nActualizar tu tarjeta: ${input.panelUrl}\n${textFooter(input.reader.country)}`,
    html: layout({
      country: input.reader.country,
      title,
      paragraphs: [greeting, body, action].map(escapeHtml),
      button: { label: 'Actualizar mi tarjeta', url: input.panelUrl },
    }),
  };
}

/** The provider gave up on a failed renewal: the subscription ended; how to come back. */
export function subscriptionEndedEmail(input: {
  firstName: string;
  planName: string;
  plansUrl: string;
  supportEmail: string;
  /** The recipient's zone (its dates) and country (the footer's help line). */
  reader: ReaderLocale;
}): RenderedEmail {
  const title = 'Tu suscripción ha terminado';
  const greeting = greet(input.firstName);
  const body = `Tras varios intentos, el cobro de la renovación de tu ${planNoun(input.planName)} no se completó, así que tu suscripción ha terminado y ya no tienes acceso a los tips VIP. No se te cobrará nada más.`;
  const back = `Puedes volver cuando quieras: elige un plan y paga con una tarjeta vigente, y recuperarás el acceso al momento. ¿Dudas? Escríbenos a ${input.supportEmail}.`;
  return {
    subject: `Tu suscripción a ${BRAND} ha terminado`,
    text: `${greeting}\n\n${body}\n\n${back}\n\nVolver a suscribirte: ${input.plansUrl}\n${textFooter(input.reader.country)}`,
    html: layout({
      country: input.reader.country,
      title,
      paragraphs: [greeting, body, back].map(escapeHtml),
      button: { label: 'Volver a suscribirme', url: input.plansUrl },
    }),
  };
}

/** A yearly renewal is near: what will be charged and when ("Próximo cobro: $X el D"). */
export function upcomingChargeEmail(input: {
  firstName: string;
  planName: string;
  amount: number;
  at: Date;
  panelUrl: string;
  supportEmail: string;
  /** The recipient's zone (its dates) and country (the footer's help line). */
  reader: ReaderLocale;
}): RenderedEmail {
  const headline = `Próximo cobro: ${formatUsd(input.amount)} el ${formatDate(input.at, input.reader)}`;
  const greeting = greet(input.firstName);
  const body = `Tu ${planNoun(input.planName)} se renovará automáticamente. ${headline}.`;
  const action = `Si quieres cambiar la tarjeta o cancelar la renovación, hazlo desde tu cuenta antes de esa fecha. ¿Dudas? Escríbenos a ${input.supportEmail}.`;
  return {
    subject: `${headline} · ${BRAND}`,
    text: `${greeting}\n\n${body}\n\n${action}\n\nTu cuenta: ${input.panelUrl}\n${textFooter(input.reader.country)}`,
    html: layout({
      country: input.reader.country,
      title: headline,
      paragraphs: [greeting, body, action].map(escapeHtml),
      button: { label: 'Ir a mi cuenta', url: input.panelUrl },
    }),
  };
}
