import { formatUsd } from '@magotips/contracts/money';
import { PERIOD_TEXT, PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { type TPlanChangeQuote } from '@magotips/contracts/plan-change';
import type { TUser } from '@magotips/contracts/users';
import { useEffect, useId, useRef, useState } from 'react';
import { CallError } from '../../../components/form/call-error';
import { FormAlert } from '../../../components/form/form-alert';
import { PlansStates } from '../../../components/plans/plans-states';
import { SavingBadge } from '../../../components/plans/yearly-price';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { usePlans } from '../../../lib/api/get-plans';
import { perPeriodText } from '../../../lib/months-text';
import { useApplyPlanChange, usePreviewPlanChange } from '../api/plan-change';
import {
  planChangeOptions,
  type CurrentSubscription,
  type PlanChangeOption,
} from '../plan-change-options';
import { PlanChangeQuote } from './plan-change-quote';
import './plan-change.css';

export const PLAN_CHANGE_LOADING = 'Cargando planes...';

type PlanChangeDialogProps = {
  subscription: CurrentSubscription;
  onClose: () => void;
  /** The change applied: the server's message and the user as it now has it. */
  onDone: (message: string, user: TUser) => void;
};

/**
 * Moving to another plan or period (decision 0100): choose one of the active plans × periods,
 * see what it charges now and next (the server's quote, as Stripe's upcoming invoice), then
 * confirm. The quote is applied as quoted; once it has expired (409) the amounts go and the
 * reader asks for them again.
 */
export function PlanChangeDialog({ subscription, onClose, onDone }: PlanChangeDialogProps) {
  const titleId = useId();
  const groupName = useId();
  const quoteId = useId();
  const plans = usePlans();
  const preview = usePreviewPlanChange();
  const apply = useApplyPlanChange();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [quote, setQuote] = useState<TPlanChangeQuote | null>(null);
  const [missing, setMissing] = useState(0);
  const quoteRef = useRef<HTMLDivElement>(null);
  const busy = preview.isPending || apply.isPending;

  const options = planChangeOptions(plans.data?.data ?? [], subscription);
  const selected = options.find((option) => option.id === selectedId && !option.current) ?? null;

  // The amounts take the focus when they arrive: the button that asked for them was busy.
  useEffect(() => {
    if (quote) quoteRef.current?.focus();
  }, [quote]);

  function choose(option: PlanChangeOption) {
    setSelectedId(option.id);
    setQuote(null);
    setMissing(0);
    preview.reset();
    apply.reset();
  }

  function runPreview() {
    if (!selected) {
      setMissing((n) => n + 1);
      return;
    }
    apply.reset();
    preview.mutate(
      { plan: selected.plan.key, yearly: selected.yearly },
      { onSuccess: ({ data }) => setQuote(data) },
    );
  }

  function confirm() {
    if (!quote) return;
    apply.mutate(quote.changeId, {
      onSuccess: (answer) => onDone(answer.message, answer.user),
      // Whatever failed, the quote shown may no longer be what would apply (409: it expired):
      // the reader asks for the amounts again rather than confirming them blind.
      onError: () => setQuote(null),
    });
  }

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={() => {
        if (!busy) onClose();
      }}
      className="plan-change"
    >
      <h2 id={titleId} className="account-confirm__question">
        {PLAN_CHANGE_TEXT.title}
      </h2>
      <PlansStates
        plans={plans}
        loading={
          <p className="plan-change__loading" role="status">
            {PLAN_CHANGE_LOADING}
          </p>
        }
        classes={{
          error: 'form-alert form-alert--error plan-change__state',
          errorText: 'plan-change__state-text',
          empty: 'plan-change__state',
        }}
      >
        {() => (
          <fieldset className="plan-change__options" disabled={busy}>
            <legend className="plan-change__legend">{PLAN_CHANGE_TEXT.choose}</legend>
            {options.map((option) => (
              <label
                key={option.id}
                className={`plan-change__option${option.id === selected?.id ? ' plan-change__option--on' : ''}${option.current ? ' plan-change__option--current' : ''}`}
              >
                <input
                  type="radio"
                  name={groupName}
                  checked={option.id === selected?.id}
                  disabled={option.current}
                  onChange={() => choose(option)}
                />
                <span className="plan-change__name">{option.plan.name}</span>{' '}
                <span className="plan-change__period">
                  {option.yearly ? PERIOD_TEXT.yearly : PERIOD_TEXT.planPeriod(option.months)}
                </span>{' '}
                <span className="plan-change__price">
                  {formatUsd(option.amount)}{' '}
                  {option.yearly ? PERIOD_TEXT.perYear : perPeriodText(option.months)}
                </span>
                {option.yearly ? (
                  <>
                    {' '}
                    <SavingBadge plan={option.plan} />
                  </>
                ) : null}
                {option.current ? (
                  <>
                    {' '}
                    <span className="plan-change__current">{PLAN_CHANGE_TEXT.current}</span>
                  </>
                ) : null}
              </label>
            ))}
          </fieldset>
        )}
      </PlansStates>

      {missing > 0 ? (
        <FormAlert tone="error" focus key={missing}>
          {PLAN_CHANGE_TEXT.choose}
        </FormAlert>
      ) : null}
      <CallError call={preview} fallback={PLAN_CHANGE_TEXT.failed} />
      {quote ? <PlanChangeQuote ref={quoteRef} quote={quote} id={quoteId} /> : null}
      <CallError call={apply} fallback={PLAN_CHANGE_TEXT.failed} />

      <div className="dialog-actions">
        <button type="button" className="btn btn--outline" onClick={onClose} disabled={busy}>
          {PLAN_CHANGE_TEXT.cancel}
        </button>
        {/* One button for both steps, so the focus stays on it from the amounts to confirming. */}
        <button
          type="button"
          className="btn btn--gold"
          onClick={quote ? confirm : runPreview}
          disabled={busy || plans.status !== 'success'}
          aria-describedby={quote ? quoteId : undefined}
        >
          {quote
            ? apply.isPending
              ? PLAN_CHANGE_TEXT.confirming
              : PLAN_CHANGE_TEXT.confirm
            : preview.isPending
              ? PLAN_CHANGE_TEXT.previewing
              : PLAN_CHANGE_TEXT.preview}
        </button>
      </div>
    </ModalDialog>
  );
}
