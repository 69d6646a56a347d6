import { formatUsd, fromCents } from '@magotips/contracts/money';
import { escapeHtml } from '../mail/templates';
import type { PaymentsKit } from './payments-kit';
import type { TransactionRow } from './payments.repository';
import { SIMULATED_CHECKOUT_PATH, sessionStateOf, simulatedIds } from './simulated-provider';

export const SIMULATED_STYLESHEET_PATH = '/api/payments/simulated/checkout.css';

export type SimulatedAnswer = { redirect: string } | { status: number; html: string };

/** Styles live in a linked sheet: the CSP allows no inline style or script. */
export const SIMULATED_CHECKOUT_CSS = `
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#1e1b4b;font-family:system-ui,Arial,sans-serif;color:#e0e7ff}
main{width:100%;max-width:420px;margin:16px;background:#312e81;border:1px solid #f5c542;border-radius:12px;padding:24px}
.badge{display:inline-block;background:#f5c542;color:#1e1b4b;font-weight:700;border-radius:999px;padding:4px 12px;font-size:13px;letter-spacing:.5px}
h1{color:#f5c542;font-size:22px;margin:16px 0 8px}
.note{font-size:14px;color:#c7d2fe;line-height:1.5}
dl{margin:20px 0;display:grid;grid-template-columns:auto 1fr;gap:8px 16px}
dt{color:#a5b4fc}dd{margin:0;font-weight:600}
.amount{font-size:28px;color:#fff}
.actions{display:flex;gap:12px;flex-wrap:wrap}
form{margin:0;flex:1}
button{width:100%;padding:14px;border-radius:8px;border:0;font-size:16px;font-weight:700;cursor:pointer}
.pay{background:#f5c542;color:#1e1b4b}.cancel{background:transparent;color:#e0e7ff;border:1px solid #a5b4fc}
a{color:#f5c542}
`;

function page(title: string, body: string): string {
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

function checkoutPage(tx: TransactionRow, sessionId: string): string {
  const amount = formatUsd(fromCents(tx.amountCents));
  const base = `${SIMULATED_CHECKOUT_PATH}/${encodeURIComponent(sessionId)}`;
  return page(
    'Pago',
    `<h1>Pago en modo de prueba</h1>
<p class="note">Esta es una pasarela simulada: no se realizará ningún cargo real. Pagar confirma la compra como lo haría el proveedor de pagos.</p>
<dl>
<dt>Producto</dt><dd>${escapeHtml(tx.itemName)}</dd>
<dt>Tipo</dt><dd>${escapeHtml(describe(tx))}</dd>
<dt>Total</dt><dd class="amount">${escapeHtml(amount)}</dd>
</dl>
<div class="actions">
<form method="post" action="${base}/pay"><button class="pay" type="submit">Pagar ${escapeHtml(amount)}</button></form>
<form method="post" action="${base}/cancel"><button class="cancel" type="submit">Cancelar</button></form>
</div>`,
  );
}

function closedPage(appUrl: string, status: number): SimulatedAnswer {
  return {
    status,
    html: page(
      'Sesión no disponible',
      `<h1>Esta sesión de pago ya no está disponible</h1>
<p class="note">La sesión expiró, se canceló o no existe. No se realizó ningún cargo.</p>
<p><a href="${escapeHtml(appUrl)}/">Volver a MagoTips</a></p>`,
    ),
  };
}

/** The simulated provider's checkout page and its two buttons (DESIGN.md §4). A session is
 * payable once, and only while open; Pagar runs the very fulfilment a Stripe webhook runs. */
export function createSimulatedCheckout(kit: PaymentsKit) {
  const { repo, fulfilment } = kit;
  const successUrl = (tx: TransactionRow, sessionId: string) =>
    `${kit.appUrl}/payment/success?session_id=${encodeURIComponent(sessionId)}&type=${tx.kind}`;
  const cancelUrl = `${kit.appUrl}/payment/cancel`;

  async function find(sessionId: string): Promise<TransactionRow | null> {
    const tx = await repo.findBySessionId(sessionId);
    return tx && tx.provider === 'simulated' ? tx : null;
  }

  return {
    /** Whether this server takes simulated payments at all (never beside real Stripe). */
    enabled: kit.active?.name === 'simulated',

    async show(sessionId: string): Promise<SimulatedAnswer> {
      const tx = await find(sessionId);
      if (!tx) return closedPage(kit.appUrl, 404);
      const state = sessionStateOf(tx, kit.clock());
      if (state.status !== 'open') return closedPage(kit.appUrl, 410);
      return { status: 200, html: checkoutPage(tx, sessionId) };
    },

    async pay(sessionId: string): Promise<SimulatedAnswer> {
      const tx = await find(sessionId);
      if (!tx) return closedPage(kit.appUrl, 404);
      const now = kit.clock();
      const result = await repo.withTransaction(async (r) => {
        // Checked under the row lock: a Cancelar or an expiry racing this click wins or loses
        // cleanly, and a double click pays once.
        const locked = await r.lockById(tx.id);
        if (!locked) return null;
        const state = sessionStateOf(locked, now);
        if (state.status === 'complete') return { effects: [] };
        if (state.status !== 'open') return null;
        return fulfilment.fulfilIn(
          r,
          locked.id,
          {
            paymentIntentId: simulatedIds.payment(locked.id),
            subscriptionId: locked.isRecurring ? simulatedIds.subscription(locked.id) : null,
            invoiceId: locked.isRecurring ? simulatedIds.invoice(locked.id) : null,
            customerId: locked.userId ? simulatedIds.customer(locked.userId) : null,
          },
          now,
        );
      });
      if (!result) return closedPage(kit.appUrl, 410);
      await fulfilment.runEffects(result.effects);
      return { redirect: successUrl(tx, sessionId) };
    },

    async cancel(sessionId: string): Promise<SimulatedAnswer> {
      const tx = await find(sessionId);
      if (!tx) return closedPage(kit.appUrl, 404);
      if (tx.status === 'completed') return { redirect: successUrl(tx, sessionId) };
      await repo.setStatus(tx.id, ['pending'], 'cancelled', kit.clock());
      return { redirect: cancelUrl };
    },
  };
}
