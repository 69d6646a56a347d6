import { MSG } from '@magotips/contracts/messages';
import type { PaymentMethod } from '@magotips/contracts/payments';
import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { cleanPendingTransactions } from '../../lib/payments/api/clean-pending-transactions';
import { createPackPayment, createSubscriptionPayment } from '../../lib/payments/api/create-payment';
import { isYearlySearch } from '../../lib/payments/billing-period';
import { isCheckoutUrl, redirectToCheckout } from '../../lib/payments/checkout-redirect';
import { ImmediateAccessConsent } from '../../components/payments/immediate-access-consent';
import { PaymentMethodSelector } from '../../components/payments/payment-method-selector';
import { SecurityNote } from '../../components/payments/security-note';
import { PauseRefusal } from '../../components/session/pause-refusal';
import { WelcomeDiscountNotice } from '../../components/referrals/welcome-discount-notice';
import { useWelcomeDiscount } from '../../lib/api/get-referrals-me';
import { usePause } from '../../lib/session/pause';
import {
  CLEANUP_BUTTON_LABEL,
  CLEANUP_DONE,
  CLEANUP_ERROR,
  offersCleanup,
  packPaymentErrorMessage,
  packPaymentFailedMessage,
  PURCHASE_ERROR,
  subscriptionPaymentErrorMessage,
  subscriptionPaymentFailedMessage,
} from '../../lib/payments/payment-errors';
import { DEFAULT_PAYMENT_METHOD, paymentMethodLabel } from '../../lib/payments/payment-methods';
import { settleStoredTransactions } from '../../lib/payments/stale-transactions';
import {
  forgetAllTransactionIds,
  hasStoredTransactionIds,
  readTransactionId,
  storeTransactionId,
} from '../../lib/payments/transaction-storage';
import { PackSummary } from './components/pack-summary';
import { PlanSummary } from './components/plan-summary';
import { TrialOffer } from './components/trial-offer';
import { useTrialEligibility } from './api/trial-eligibility';
import { parsePurchaseState, planCharge, type ParsedPurchase } from './purchase-state';
import '../../components/payments/payments.css';
import './purchase-page.css';

export const PURCHASE_TITLES = {
  pack: 'Comprar Pack',
  /** Names the plan bought (decision 0097; SPEC.md's one fixed title named no plan). */
  subscription: (planName: string | null) => (planName ? `Suscripción: ${planName}` : 'Suscripción'),
  other: 'Procesar Compra',
} as const;

function titleOf(purchase: ParsedPurchase): string {
  if (purchase.kind === 'pack') return PURCHASE_TITLES.pack;
  if (purchase.kind === 'subscription') return PURCHASE_TITLES.subscription(purchase.plan?.name ?? null);
  return PURCHASE_TITLES.other;
}

/** The amount on the confirm button: 'Confirmar Compra - $19.99'. */
export function confirmLabel(price: number): string {
  return `Confirmar Compra - $${price.toFixed(2)}`;
}

/** The confirm button while the trial applies: nothing is charged today, so no amount on it
 * (the words of the provider's checkout page that follows). */
export const TRIAL_CONFIRM_LABEL = 'Empezar la prueba gratuita';

/** /purchase: the last look at a pack or a plan before the provider's checkout (SPEC.md §2). */
export default function PurchasePage() {
  const { state, search } = useLocation();
  const purchase = parsePurchaseState(state, isYearlySearch(search));
  if (purchase.kind === 'missing') return <Navigate to="/" replace />;
  return <PurchaseView purchase={purchase} />;
}

type Outcome = { tone: 'error' | 'success'; text: string; attempt: number };

function PurchaseView({ purchase }: { purchase: Exclude<ParsedPurchase, { kind: 'missing' }> }) {
  const titleId = useId();
  const summaryTitleId = useId();
  const paymentTitleId = useId();
  const [method, setMethod] = useState<PaymentMethod>(
    (purchase.kind === 'subscription' ? purchase.paymentMethod : null) ?? DEFAULT_PAYMENT_METHOD,
  );
  const [busy, setBusy] = useState(false);
  const [cleaning, setCleaning] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [cleanupFailed, setCleanupFailed] = useState(false);
  // Decision 0034: the buyer asks for immediate access, and accepts losing the right of
  // withdrawal, before any payment is created.
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const consentRef = useRef<HTMLInputElement>(null);
  const consentId = useId();
  const attempts = useRef(0);
  // Decision 0116: a paused reader buys nothing; the server would refuse it anyway (409 PAUSED).
  const pause = usePause();
  const welcome = useWelcomeDiscount();
  // The silent check of ids left by earlier payments (SPEC.md §4); a purchase waits for it so
  // an id it is about to free does not block the buyer.
  const settling = useRef<Promise<void> | null>(null);

  useEffect(() => {
    if (hasStoredTransactionIds()) settling.current = settleStoredTransactions();
    // Back from the provider's checkout, the browser may restore this page as it was left:
    // 'Procesando...' with the payment it had just created stored. Start again from here.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setBusy(false);
      if (hasStoredTransactionIds()) settling.current = settleStoredTransactions();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const item = purchase.kind === 'pack' ? purchase.pack : purchase.kind === 'subscription' ? purchase.plan : null;
  const plan = purchase.kind === 'subscription' ? purchase.plan : null;
  const charge = plan && purchase.kind === 'subscription' ? planCharge(plan, purchase.yearly) : null;
  const unreadable =
    purchase.kind === 'unsupported'
      ? MSG.unsupportedPurchase
      : item === null
        ? MSG.noPurchaseData
        : plan && !charge
          ? PERIOD_TEXT.notSoldYearly
          : null;
  // The plan's free trial (decision 0098): the same answer the trial box shows (one query).
  const trialOffered = purchase.kind === 'subscription' && purchase.recurring && (plan?.trialDays ?? 0) > 0;
  const trialEligibility = useTrialEligibility(trialOffered);
  const trialStarts = trialOffered && trialEligibility.data?.eligible === true;
  const amountDue = charge ? charge.amount : (item?.price ?? 0);
  const title = titleOf(purchase);
  const errorText = outcome?.tone === 'error' ? outcome.text : null;
  const showCleanup = offersCleanup(errorText) || cleanupFailed;

  function report(tone: Outcome['tone'], text: string) {
    attempts.current += 1;
    setOutcome({ tone, text, attempt: attempts.current });
  }

  async function buyPack(): Promise<boolean> {
    if (purchase.kind !== 'pack') return false;
    const { pack } = purchase;
    if (!pack) {
      report('error', MSG.noPurchaseData);
      return false;
    }
    if (!pack.id) {
      report('error', MSG.packIdInvalid);
      return false;
    }
    await settling.current;
    // SPEC.md §4: one pack payment at a time.
    if (readTransactionId('pack')) {
      report('error', MSG.purchaseInProgress);
      return false;
    }
    const label = paymentMethodLabel(method);
    try {
      const answer = await createPackPayment(
        {
          packId: pack.id,
          amount: pack.price,
          currency: 'USD',
          paymentMethod: method,
          immediateAccessConsent: true,
        },
        method,
      );
      const url = answer.payment?.stripeCheckoutUrl;
      const transactionId = answer.payment?.transactionId;
      if (!answer.success || !transactionId || !isCheckoutUrl(url)) {
        report('error', answer.message?.trim() || packPaymentFailedMessage(label));
        return false;
      }
      storeTransactionId('pack', transactionId);
      redirectToCheckout(url);
      return true;
    } catch (error) {
      report('error', packPaymentErrorMessage(error, pack.name, label));
      return false;
    }
  }

  async function subscribe(): Promise<boolean> {
    if (purchase.kind !== 'subscription') return false;
    if (!plan || !charge) {
      report('error', plan ? PERIOD_TEXT.notSoldYearly : MSG.noPurchaseData);
      return false;
    }
    const label = paymentMethodLabel(method);
    try {
      const answer = await createSubscriptionPayment(
        {
          plan: plan.key,
          amount: charge.amount,
          currency: 'USD',
          recurring: purchase.recurring,
          yearly: charge.yearly,
          immediateAccessConsent: true,
        },
        method,
      );
      const url = answer.payment?.stripeCheckoutUrl;
      const transactionId = answer.payment?.transactionId;
      if (!answer.success || !transactionId || !isCheckoutUrl(url)) {
        report('error', answer.message?.trim() || subscriptionPaymentFailedMessage(label));
        return false;
      }
      storeTransactionId('subscription', transactionId);
      redirectToCheckout(url);
      return true;
    } catch (error) {
      report('error', subscriptionPaymentErrorMessage(error, label));
      return false;
    }
  }

  async function confirm() {
    setOutcome(null);
    setCleanupFailed(false);
    if (!consent) {
      setConsentMissing(true);
      consentRef.current?.focus();
      return;
    }
    setBusy(true);
    let leaving = false;
    try {
      if (purchase.kind === 'pack') leaving = await buyPack();
      else if (purchase.kind === 'subscription') leaving = await subscribe();
      else report('error', MSG.unsupportedPurchase);
    } catch {
      report('error', PURCHASE_ERROR);
    } finally {
      // On the way to the provider the button keeps saying 'Procesando...' until the page goes.
      if (!leaving) setBusy(false);
    }
  }

  async function cleanUp() {
    setCleaning(true);
    try {
      const answer = await cleanPendingTransactions();
      if (!answer.success) throw new Error(answer.message);
      forgetAllTransactionIds();
      setCleanupFailed(false);
      report('success', answer.message?.trim() || CLEANUP_DONE);
    } catch {
      setCleanupFailed(true);
      report('error', CLEANUP_ERROR);
    } finally {
      setCleaning(false);
    }
  }

  return (
    <div className="checkout container">
      <title>{`${title} · MagoTips`}</title>
      <header className="checkout__head">
        <h1 id={titleId} className="checkout__title">
          {title}
        </h1>
        <p className="checkout__lead">Revisa tu compra y confirma el pago.</p>
      </header>

      <div className="checkout__grid">
        <section className="checkout-card" aria-labelledby={summaryTitleId}>
          <h2 id={summaryTitleId} className="checkout-card__title">
            Resumen de la compra
          </h2>
          {purchase.kind === 'pack' && purchase.pack ? <PackSummary pack={purchase.pack} /> : null}
          {purchase.kind === 'subscription' && plan && charge ? (
            <PlanSummary plan={plan} recurring={purchase.recurring} charge={charge} />
          ) : null}
          {unreadable ? (
            <p className="checkout-card__empty">No podemos mostrar los detalles de esta compra.</p>
          ) : null}
        </section>

        <section className="checkout-card" aria-labelledby={paymentTitleId}>
          <h2 id={paymentTitleId} className="checkout-card__title">
            Pago
          </h2>
          <PaymentMethodSelector value={method} onChange={setMethod} disabled={busy || cleaning} />
          {purchase.kind === 'subscription' && plan && charge ? (
            <TrialOffer trialDays={plan.trialDays} price={charge.amount} recurring={purchase.recurring} />
          ) : null}

          {item && !unreadable ? (
            <ImmediateAccessConsent
              ref={consentRef}
              id={consentId}
              missing={consentMissing}
              checked={consent}
              disabled={busy}
              onChange={(event) => {
                setConsent(event.target.checked);
                if (event.target.checked) setConsentMissing(false);
              }}
            />
          ) : null}

          {unreadable ? (
            <p className="pay-alert pay-alert--error" role="alert">
              {unreadable}
            </p>
          ) : null}
          {outcome ? (
            <PurchaseOutcome key={outcome.attempt} tone={outcome.tone} text={outcome.text}>
              {showCleanup ? (
                <button
                  type="button"
                  className="btn btn--small btn--outline"
                  disabled={cleaning || busy}
                  onClick={() => void cleanUp()}
                >
                  {cleaning ? 'Limpiando...' : CLEANUP_BUTTON_LABEL}
                </button>
              ) : null}
            </PurchaseOutcome>
          ) : null}

          {/* A trial's checkout charges nothing, so it carries no discount (decision 0119). */}
          {item && !unreadable && !pause && !trialStarts ? (
            <WelcomeDiscountNotice percent={welcome.percent} className="welcome-discount--in-card" />
          ) : null}
          <div className="checkout__actions">
            {pause && item && !unreadable ? <PauseRefusal pause={pause} /> : null}
            {item && !unreadable && !pause ? (
              <button
                type="button"
                className="btn btn--gold btn--large btn--block"
                disabled={busy || cleaning}
                onClick={() => void confirm()}
              >
                {busy ? 'Procesando...' : trialStarts ? TRIAL_CONFIRM_LABEL : confirmLabel(amountDue)}
              </button>
            ) : null}
            <Link className="btn btn--outline btn--block" to="/">
              Cancelar
            </Link>
          </div>
          <p className="checkout__provider-note">
            Al confirmar te llevaremos a la página de pago seguro de Stripe.
          </p>
          <SecurityNote />
        </section>
      </div>
    </div>
  );
}

/** The result of the last attempt. Takes focus when it appears: the busy button had dropped it. */
function PurchaseOutcome({
  tone,
  text,
  children,
}: {
  tone: Outcome['tone'];
  text: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`pay-alert pay-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <p className="pay-alert__text">{text}</p>
      {children}
    </div>
  );
}
