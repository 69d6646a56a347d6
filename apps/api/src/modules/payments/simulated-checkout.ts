import {
  percentDiscountCents,
  PROMOTION_MESSAGES,
  simulatedPromotionPercent,
  ZPromotionCodeInput,
} from '@magotips/contracts/promotion-codes';
import { escapeHtml } from '../mail/templates';
import type { Charged } from './charged-amount';
import type { PaymentsKit } from './payments-kit';
import type { TransactionRow } from './payments.repository';
import { checkoutPage, page, type PromotionView } from './simulated-checkout-page';
import { sessionStateOf, simulatedIds } from './simulated-provider';

export { SIMULATED_CHECKOUT_CSS, SIMULATED_STYLESHEET_PATH } from './simulated-checkout-page';

export type SimulatedAnswer = { redirect: string } | { status: number; html: string };

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

/** The code typed on the page, judged by the contract's rules: blank is no code, MAGO10 (any
 * case, trimmed) is 10 % off, anything else is refused with a Spanish message. */
function judgeCode(typed: string | undefined, priceCents: number): PromotionView {
  const parsed = ZPromotionCodeInput.safeParse(typed ?? '');
  if (!parsed.success) {
    return {
      state: 'refused',
      typed: typed ?? '',
      message: parsed.error.issues[0]?.message ?? PROMOTION_MESSAGES.unknown,
    };
  }
  const code = parsed.data;
  if (code === null) return { state: 'none' };
  const percent = simulatedPromotionPercent(code);
  if (percent === null)
    return { state: 'refused', typed: typed ?? '', message: PROMOTION_MESSAGES.unknown };
  return {
    state: 'applied',
    code,
    percent,
    discountCents: percentDiscountCents(priceCents, percent),
  };
}

/** The code the page applies: the welcome discount made for this buyer (decision 0119) when the
 * checkout carries one, else what was typed. The offered one wins over a typed MAGO10 rather
 * than stacking with it, as on Stripe, where a session with `discounts` has no code field. */
function promotionOf(tx: TransactionRow, typed: string | undefined): PromotionView {
  if (tx.offeredPromotionCode && tx.offeredPercentOff) {
    return {
      state: 'applied',
      code: tx.offeredPromotionCode,
      percent: tx.offeredPercentOff,
      discountCents: percentDiscountCents(tx.amountCents, tx.offeredPercentOff),
    };
  }
  return judgeCode(typed, tx.amountCents);
}

/** What the simulated "provider" charges, reported the way Stripe reports a session, so the
 * fulfilment's amount check runs on it exactly as on a Stripe payment. */
function chargedWith(tx: TransactionRow, promo: PromotionView): Charged {
  const applied = promo.state === 'applied' ? promo : null;
  return {
    totalCents: tx.amountCents - (applied?.discountCents ?? 0),
    currency: tx.currency,
    subtotalCents: tx.amountCents,
    discountCents: applied?.discountCents ?? 0,
    discountNamed: applied !== null,
    promotionCode: applied?.code ?? null,
  };
}

/** The simulated provider's checkout page, its code field and its two buttons (DESIGN.md §4). A
 * session is payable once, and only while open; Pagar runs the very fulfilment a Stripe webhook
 * runs. */
export function createSimulatedCheckout(kit: PaymentsKit) {
  const { repo, fulfilment } = kit;
  const successUrl = (tx: TransactionRow, sessionId: string) =>
    `${kit.appUrl}/payment/success?session_id=${encodeURIComponent(sessionId)}&type=${tx.isGift ? 'gift' : tx.kind}`;
  const cancelUrl = `${kit.appUrl}/payment/cancel`;

  async function find(sessionId: string): Promise<TransactionRow | null> {
    const tx = await repo.findBySessionId(sessionId);
    return tx && tx.provider === 'simulated' ? tx : null;
  }

  /** The open session's transaction, or the closed page to answer instead. */
  async function open(sessionId: string): Promise<TransactionRow | SimulatedAnswer> {
    const tx = await find(sessionId);
    if (!tx) return closedPage(kit.appUrl, 404);
    if (sessionStateOf(tx, kit.clock()).status !== 'open') return closedPage(kit.appUrl, 410);
    return tx;
  }
  const isAnswer = (x: TransactionRow | SimulatedAnswer): x is SimulatedAnswer =>
    'redirect' in x || 'html' in x;

  return {
    /** Whether this server takes simulated payments at all (never beside real Stripe). */
    enabled: kit.active?.name === 'simulated',

    async show(sessionId: string): Promise<SimulatedAnswer> {
      const tx = await open(sessionId);
      if (isAnswer(tx)) return tx;
      return { status: 200, html: checkoutPage(tx, sessionId, promotionOf(tx, undefined)) };
    },

    /** Aplicar: the page again, with the discount and the new total, or the code's error. */
    async applyPromotion(sessionId: string, typed: string | undefined): Promise<SimulatedAnswer> {
      const tx = await open(sessionId);
      if (isAnswer(tx)) return tx;
      const promo = promotionOf(tx, typed);
      return {
        status: promo.state === 'refused' ? 400 : 200,
        html: checkoutPage(tx, sessionId, promo),
      };
    },

    async pay(sessionId: string, typed?: string): Promise<SimulatedAnswer> {
      const tx = await find(sessionId);
      if (!tx) return closedPage(kit.appUrl, 404);
      const promo = promotionOf(tx, typed);
      const now = kit.clock();
      if (promo.state === 'refused') {
        // An unknown code charges nothing: the page again, with the error, still payable.
        const status = sessionStateOf(tx, now).status;
        if (status === 'complete') return { redirect: successUrl(tx, sessionId) };
        if (status !== 'open') return closedPage(kit.appUrl, 410);
        return { status: 400, html: checkoutPage(tx, sessionId, promo) };
      }
      const result = await repo.withTransaction(async (r) => {
        // Checked under the row lock: a Cancelar or an expiry racing this click wins or loses
        // cleanly, and a double click pays once.
        const locked = await r.lockById(tx.id);
        if (!locked) return null;
        const state = sessionStateOf(locked, now);
        if (state.status === 'complete') return 'paid';
        if (state.status !== 'open') return null;
        await fulfilment.fulfilIn(
          r,
          locked.id,
          {
            paymentIntentId: simulatedIds.payment(locked.id),
            subscriptionId: locked.isRecurring ? simulatedIds.subscription(locked.id) : null,
            invoiceId: locked.isRecurring ? simulatedIds.invoice(locked.id) : null,
            customerId: locked.userId ? simulatedIds.customer(locked.userId) : null,
            charged: chargedWith(locked, promotionOf(locked, typed)),
          },
          now,
        );
        return 'paid';
      });
      if (!result) return closedPage(kit.appUrl, 410);
      fulfilment.committed();
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
