import type { TPlan } from '@magotips/contracts/subscription-plans';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PLANS_EMPTY, PLANS_ERROR, type PlansResponse } from '../../lib/api/get-plans';

type PlansStatesProps = {
  /** usePlans()'s answer. */
  plans: UseQueryResult<PlansResponse>;
  /** Drawn while the plans load, sized like what replaces it (no layout shift). */
  loading: ReactNode;
  /** Each page draws the failure and the empty catalogue in its own style. */
  classes: { error: string; errorText: string; empty: string };
  children: (plans: TPlan[]) => ReactNode;
};

/** The plans read's four states, for the visitor landing's Planes section and /subscription:
 * loading, failed (SPEC.md §8's text and Reintentar), empty, or the plans. */
export function PlansStates({ plans: query, loading, classes, children }: PlansStatesProps) {
  const { status, data, refetch, isFetching } = query;
  const plans = data?.data ?? [];
  if (status === 'pending') return loading;
  if (status === 'error') {
    return (
      <div className={classes.error} role="alert">
        <p className={classes.errorText}>{PLANS_ERROR}</p>
        <button
          type="button"
          className="btn btn--small btn--outline"
          disabled={isFetching}
          onClick={() => void refetch()}
        >
          Reintentar
        </button>
      </div>
    );
  }
  if (plans.length === 0) return <p className={classes.empty}>{PLANS_EMPTY}</p>;
  return children(plans);
}
