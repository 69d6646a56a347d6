import type { TPlan } from '@magotips/contracts/subscription-plans';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PlanCard } from './plan-card';

// Issue 12 item 14: a plan of N months is priced and renewed per N months, not per month.
describe('period wording', () => {
  it('plan card: "/ 3 meses", and "/ mes" for one month', () => {
    const plan: TPlan = {
      _id: '00000000-0000-4000-8000-000000000001',
      key: 'trimestral',
      name: 'Plan Trimestral',
      price: 49.99,
      duration: 3,
      features: [],
      isActive: true,
      grantsAllVipTips: true,
      includesPacks: true,
      trialDays: 0,
      yearlyPrice: null,
    };
    // The card links to its gift checkout (decision 0053): it needs a router around it.
    const { rerender } = render(
      <PlanCard plan={plan} groupName="p" selected={false} onSelect={() => {}} />,
      { wrapper: MemoryRouter },
    );
    expect(screen.getByText('/ 3 meses')).toBeInTheDocument();
    // Given as sold: the plan's own months.
    expect(screen.getByRole('link', { name: 'Regalar Plan Trimestral' })).toHaveAttribute(
      'href',
      '/regalar?plan=trimestral&months=3',
    );
    rerender(
      <PlanCard
        plan={{ ...plan, duration: 1 }}
        groupName="p"
        selected={false}
        onSelect={() => {}}
      />,
    );
    expect(screen.getByText('/ mes')).toBeInTheDocument();
  });
});
