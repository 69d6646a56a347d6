import { formatUsd, fromCents } from '@magotips/contracts/money';
import { TRIAL_TEXT } from '@magotips/contracts/plan-grants';
import { PROMOTION_CODE_MAX, PROMOTION_MESSAGES } from '@magotips/contracts/promotion-codes';
import { escapeHtml } from '../mail/templates';
import type { TransactionRow } from './payments.repository';
import { SIMULATED_CHECKOUT_PATH } from './simulated-provider';

export const SIMULATED_STYLESHEET_PATH = '/api/payments/simulated/checkout.css';

/** Styles live in a linked sheet: the CSP allows no inline style or script. */
export const SIMULATED_CHECKOUT_CSS = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#1e1b4b;font-family:system-ui,Arial,sans-serif;color:#e0e7ff}
main{width:100%;max-width:420px;margin:16px;background:#312e81;border:1px solid #f5c542;border-radius:12px;padding:24px;box-sizing:border-box}
.badge{display:inline-block;background:#f5c542;color:#1e1b4b;font-weight:700;border-radius:999px;padding:4px 12px;font-size:13px;letter-spacing:.5px}
h1{color:#f5c542;font-size:22px;margin:16px 0 8px}
.note{font-size:14px;color:#c7d2fe;line-height:1.5}
dl{margin:20px 0;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#a5b4fc}dd{margin:0;font-weight:600}
.amount{font-size:28px;color:#fff}
.discount{color:#86efac}
.promo{margin:0 0 16px}
.promo label{display:block;font-size:14px;color:#a5b4fc;margin-bottom:6px}
.promo-row{display:flex;gap:8px}
.promo input{flex:1;min-width:0;padding:10px 12px;border-radius:8px;border:1px solid #a5b4fc;background:#1e1b4b;color:#fff;font-size:16px;text-transform:uppercase}
.promo input[aria-invalid=true]{border-color:#fca5a5}
.promo .apply{width:auto;padding:10px 16px;background:#4338ca;color:#fff;border:1px solid #a5b4fc}
.promo-error{color:#fca5a5;font-size:14px;margin:6px 0 0}
.promo-ok{color:#86efac;font-size:14px;margin:6px 0 0}
.actions{display:flex;flex-direction:column;gap:12px}
.actions form{margin:0}
button{width:100%;padding:14px;border-radius:8px;border:0;font-size:16px;font-weight:700;cursor:pointer}
button:focus-visible,input:focus-visible{outline:3px solid #f5c542;outline-offset:2px}
.pay{background:#f5c542;color:#1e1b4b}.cancel{background:transparent;color:#e0e7ff;border:1px solid #a5b4fc}
a{color:#f5c542}
.flash{background:#1e1b4b;border:1px solid #86efac;color:#86efac;border-radius:8px;padding:10px 12px;font-size:14px}
.warn{background:#1e1b4b;border:1px solid #fca5a5;color:#fecaca;border-radius:8px;padding:10px 12px;font-size:14px}
fieldset{border:1px solid #a5b4fc;border-radius:8px;margin:0 0 12px;padding:10px 12px}
legend{color:#a5b4fc;font-size:14px;padding:0 4px}
.choice{display:flex;gap:8px;align-items:center;padding:6px 0;font-size:15px}
h2{color:#f5c542;font-size:17px;margin:22px 0 8px}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;padding:6px 4px;border-bottom:1px solid #4338ca}
th{color:#a5b4fc;font-weight:600}
.danger{background:#b91c1c;color:#fff}
`;

/** What the code field shows: nothing typed, a code applied, or a refused code and why. */
export type PromotionView =
  | { state: 'none' }
  | { state: 'applied'; code: string; percent: number; discountCents: number }
  | { state: 'refused'; typed: string; message: string };

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · MagoTips (modo de prueba)</title>
<link rel="stylesheet" href="${SIMULATED_STYLESHEET_PATH}"></head>
<body><main>
<span class="badge">MODO DE PRUEBA</span>
${body}
</main></body></html>`;
}

function describe(tx: TransactionRow): string {
  if (tx.kind === 'pack') return 'Pack de tips VIP (pago único)';
  const months = tx.durationMonths ?? 1;
  const period = months === 1 ? 'cada mes' : `cada ${months} meses`;
  return tx.isRecurring
    ? `Suscripción que se renueva ${period}`
    : `Suscripción de ${months === 1 ? '1 mes' : `${months} meses`} (pago único)`;
}

const usd = (cents: number) => escapeHtml(formatUsd(fromCents(cents)));

/** The code field. It sits in the Pagar form, so a code typed and paid without Aplicar is still
 * applied (or refused); Aplicar comes first, so Enter in the field applies rather than pays. */
function promotionField(base: string, promo: PromotionView): string {
  const value =
    promo.state === 'applied' ? promo.code : promo.state === 'refused' ? promo.typed : '';
  const refused = promo.state === 'refused';
  const feedback = refused
    ? `<p class="promo-error" id="promo-feedback" role="alert">${escapeHtml(promo.message)}</p>`
    : promo.state === 'applied'
      ? `<p class="promo-ok" id="promo-feedback" role="status">${escapeHtml(PROMOTION_MESSAGES.applied(promo.code, promo.percent))}</p>`
      : '';
  return `<div class="promo">
<label for="promotionCode">${escapeHtml(PROMOTION_MESSAGES.label)}</label>
<div class="promo-row"><input id="promotionCode" name="promotionCode" type="text" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="${PROMOTION_CODE_MAX}" value="${escapeHtml(value)}"${refused ? ' aria-invalid="true"' : ''}${feedback ? ' aria-describedby="promo-feedback"' : ''}>
<button class="apply" type="submit" formaction="${base}/promotion">${escapeHtml(PROMOTION_MESSAGES.apply)}</button></div>
${feedback}
</div>`;
}

export function checkoutPage(tx: TransactionRow, sessionId: string, promo: PromotionView): string {
  if (tx.trialDays && tx.trialThenCents !== null) return trialPage(tx, sessionId);
  const discount = promo.state === 'applied' ? promo.discountCents : 0;
  const total = usd(tx.amountCents - discount);
  const base = `${SIMULATED_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}`;
  const discountRows =
    promo.state === 'applied'
      ? `<dt>${escapeHtml(PROMOTION_MESSAGES.subtotal)}</dt><dd>${usd(tx.amountCents)}</dd>
<dt>${escapeHtml(PROMOTION_MESSAGES.discount(promo.code))}</dt><dd class="discount">−${usd(discount)}</dd>
`
      : '';
  return page(
    'Pago',
    `<h1>Pago en modo de prueba</h1>
<p class="note">Esta es una pasarela simulada: no se realizará ningún cargo real. Pagar confirma la compra como lo haría el proveedor de pagos.</p>
<dl>
<dt>Producto</dt><dd>${escapeHtml(tx.itemName)}</dd>
<dt>Tipo</dt><dd>${escapeHtml(describe(tx))}</dd>
${discountRows}<dt>Total</dt><dd class="amount">${total}</dd>
</dl>
<div class="actions">
<form method="post" action="${base}/pay">${promotionField(base, promo)}<button class="pay" type="submit">Pagar ${total}</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancelar</button></form>
</div>`,
  );
}

/** A checkout that opens a free trial (decision 0098), as Stripe's shows one: nothing due today,
 * the price after the trial, and no code to apply to a charge of 0. */
function trialPage(tx: TransactionRow, sessionId: string): string {
  const base = `${SIMULATED_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}`;
  const days = tx.trialDays ?? 0;
  const then = fromCents(tx.trialThenCents ?? 0);
  return page(
    'Prueba gratuita',
    `<h1>Prueba gratuita en modo de prueba</h1>
<p class="note">${escapeHtml(TRIAL_TEXT.offer(days, then))}</p>
<dl>
<dt>Producto</dt><dd>${escapeHtml(tx.itemName)}</dd>
<dt>Tipo</dt><dd>${escapeHtml(describe(tx))}</dd>
<dt>Después de la prueba</dt><dd>${escapeHtml(formatUsd(then))}</dd>
<dt>Hoy</dt><dd class="amount">${usd(0)}</dd>
</dl>
<div class="actions">
<form method="post" action="${base}/pay"><button class="pay" type="submit">Empezar la prueba gratuita</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancelar</button></form>
</div>`,
  );
}
