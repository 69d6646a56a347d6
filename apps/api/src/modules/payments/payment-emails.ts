import { formatUsd } from '@magotips/contracts/money';
import {
  escapeHtml,
  greeting as greet,
  layout,
  type RenderedEmail,
  textFooter,
} from '../mail/templates';

const BRAND = 'MagoTips';

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('es', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
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
};

/** The receipt of one payment: sent once, after the payment is recorded. */
export function receiptEmail(input: ReceiptInput): RenderedEmail {
  const title = input.isRenewal ? 'Tu suscripción se ha renovado' : '¡Pago recibido!';
  const greeting = greet(input.firstName); // no link can hide in a name (decision 0023)
  const what = input.paidFor;
  const until = input.endDate
    ? `Tu acceso VIP está activo hasta el ${formatDate(input.endDate)}.`
    : null;
  const reference = `Referencia de la transacción: ${input.transactionId}. Consérvala si necesitas contactar con soporte (${input.supportEmail}).`;
  const paragraphs = [greeting, what, ...(until ? [until] : [])];
  return {
    subject: input.isRenewal
      ? `Renovación de tu suscripción a ${BRAND}`
      : `Recibo de tu compra en ${BRAND}`,
    text: `${paragraphs.join('\n\n')}\n\n${reference}\n\nTu panel: ${input.panelUrl}\n${textFooter()}`,
    html: layout({
      title,
      paragraphs: paragraphs.map(escapeHtml),
      button: { label: 'Ir a mi panel', url: input.panelUrl },
      after: [escapeHtml(reference)],
    }),
  };
}

/** A renewal charge failed: the provider retries, but the card may need updating. */
export function renewalFailedEmail(input: {
  firstName: string;
  planName: string;
  amount: number | null;
  panelUrl: string;
  supportEmail: string;
}): RenderedEmail {
  const title = 'No pudimos cobrar tu renovación';
  const greeting = greet(input.firstName); // no link can hide in a name (decision 0023)
  const body = `No pudimos cobrar ${input.amount !== null ? `${formatUsd(input.amount)} ` : ''}por la renovación de tu ${input.planName}. Volveremos a intentarlo en los próximos días.`;
  const action = `Revisa que tu tarjeta tenga fondos y siga vigente. Si el cobro no se completa, tu suscripción terminará y dejarás de ver los tips VIP. ¿Dudas? Escríbenos a ${input.supportEmail}.`;
  return {
    subject: `Problema con el pago de tu suscripción a ${BRAND}`,
    text: `${greeting}\n\n${body}\n\n${action}\n\nTu panel: ${input.panelUrl}\n${textFooter()}`,
    html: layout({
      title,
      paragraphs: [greeting, body, action].map(escapeHtml),
      button: { label: 'Ir a mi panel', url: input.panelUrl },
    }),
  };
}
