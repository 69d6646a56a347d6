import { BILLING_MSG } from '@magotips/contracts/billing';
import { formatUsd, fromCents } from '@magotips/contracts/money';
import { escapeHtml } from '../mail/templates';
import { page } from '../payments/simulated-checkout-page';
import { SIMULATED_PORTAL_PATH } from '../payments/simulated-portal-token';
import { paymentPending } from '../users/user-dto';
import { type PortalView, SIMULATED_CARDS } from './billing-portal';

const dateText = (date: Date) =>
  new Intl.DateTimeFormat('es', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

const STATUS: Record<string, string> = { completed: 'Pagada', refunded: 'Reembolsada' };

/** The simulated billing portal (decision 0096): plain forms, no script (the CSP forbids inline
 * code), like the simulated checkout page. */
export function portalPage(
  token: string,
  view: PortalView,
  appUrl: string,
  flash: string | null,
): string {
  const base = `${SIMULATED_PORTAL_PATH}/${encodeURIComponent(token)}`;
  const sub = view.subscription;
  const back = `${escapeHtml(appUrl)}/panel/cuenta`;
  const pending = paymentPending(sub);
  const status = pending
    ? `<p class="warn" role="status">${escapeHtml(
        BILLING_MSG.pendingDetail(
          sub.nextPaymentAttemptAt ? dateText(sub.nextPaymentAttemptAt) : null,
        ),
      )}</p>`
    : '';
  const cards = Object.entries(SIMULATED_CARDS)
    .map(
      ([value, card]) =>
        `<label class="choice"><input type="radio" name="card" value="${value}"${value === view.card ? ' checked' : ''}> ${escapeHtml(card.label)}</label>`,
    )
    .join('\n');
  const invoices = view.invoices.length
    ? `<table><thead><tr><th scope="col">Fecha</th><th scope="col">Concepto</th><th scope="col">Importe</th><th scope="col">Estado</th></tr></thead><tbody>
${view.invoices
  .map(
    (i) =>
      `<tr><td>${escapeHtml(dateText(i.date))}</td><td>${escapeHtml(i.concept)}</td><td>${escapeHtml(formatUsd(fromCents(i.amountCents)))}</td><td>${escapeHtml(STATUS[i.status] ?? i.status)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`
    : '<p class="note">Todavía no hay facturas.</p>';
  const renewal = sub.isRecurring
    ? `<dt>Renovación</dt><dd>${pending ? escapeHtml(BILLING_MSG.paymentPending) : `el ${escapeHtml(dateText(sub.endDate))}`}</dd>`
    : `<dt>Renovación</dt><dd>Cancelada: acceso hasta el ${escapeHtml(dateText(sub.endDate))}</dd>`;
  return page(
    BILLING_MSG.portalTitle,
    `<h1>${escapeHtml(BILLING_MSG.portalTitle)}</h1>
<p class="note">Portal de facturación simulado: hace lo que haría el de Stripe, sin cargos reales.</p>
${flash ? `<p class="${flash === BILLING_MSG.cardDeclined ? 'warn' : 'flash'}" role="status">${escapeHtml(flash)}</p>` : ''}${status}
<dl>
<dt>Plan</dt><dd>${escapeHtml(sub.planName || sub.planKey)}</dd>
${renewal}
<dt>Tarjeta</dt><dd>${escapeHtml(SIMULATED_CARDS[view.card].label)}</dd>
</dl>
<h2>Cambiar tarjeta</h2>
<form method="post" action="${base}/card"><fieldset><legend>Tarjeta de prueba</legend>
${cards}
</fieldset><button class="pay" type="submit">Guardar tarjeta</button></form>
${
  sub.isRecurring
    ? `<h2>Renovación</h2>
<div class="actions">
<form method="post" action="${base}/renew-now"><button class="cancel" type="submit">Simular el cobro de la renovación ahora</button></form>
<form method="get" action="${base}/cancel"><button class="cancel" type="submit">Cancelar suscripción</button></form>
</div>`
    : ''
}
<h2>Facturas</h2>
${invoices}
<p><a href="${back}">Volver a MagoTips</a></p>`,
  );
}

/** Cancelling asks first, as every destructive action does. */
export function cancelConfirmPage(token: string, view: PortalView, appUrl: string): string {
  const base = `${SIMULATED_PORTAL_PATH}/${encodeURIComponent(token)}`;
  const sub = view.subscription;
  // A charge pending past the period's end: its access was only held for the retries.
  const endsNow = paymentPending(sub) && sub.endDate.getTime() <= view.now.getTime();
  const access = endsNow
    ? 'Tu pago está pendiente y el periodo pagado ya terminó: si cancelas ahora, el acceso VIP termina ya.'
    : `Conservarás el acceso VIP hasta el ${dateText(sub.endDate)}.`;
  return page(
    '¿Cancelar la suscripción?',
    `<h1>¿Cancelar la suscripción?</h1>
<p class="note">No se te volverá a cobrar. ${escapeHtml(access)}</p>
<div class="actions">
<form method="post" action="${base}/cancel"><button class="danger" type="submit">Sí, cancelar suscripción</button></form>
<form method="get" action="${base}"><button class="cancel" type="submit">No, mantenerla</button></form>
</div>
<p><a href="${escapeHtml(appUrl)}/panel/cuenta">Volver a MagoTips</a></p>`,
  );
}

export function portalClosedPage(appUrl: string): string {
  return page(
    BILLING_MSG.portalTitle,
    `<h1>${escapeHtml(BILLING_MSG.portalTitle)}</h1>
<p class="note">${escapeHtml(BILLING_MSG.portalExpired)}</p>
<p><a href="${escapeHtml(appUrl)}/panel/cuenta">Volver a MagoTips</a></p>`,
  );
}
