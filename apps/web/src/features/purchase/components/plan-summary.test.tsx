import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanSummary } from './plan-summary';

// Issue 12 item 14: a plan of N months is priced and renewed per N months, not per month.
describe('period wording', () => {
  it('purchase summary: "/ 3 meses" and "Sí, cada 3 meses"', () => {
    const quarterly = {
      key: 'trimestral',
      name: 'Plan Trimestral',
      price: 49.99,
      duration: 3,
      features: [],
      trialDays: 0,
      yearlyPrice: null,
    };
    render(<PlanSummary plan={quarterly} recurring />);
    expect(screen.getByText('/ 3 meses')).toBeInTheDocument();
    expect(screen.getByText('Sí, cada 3 meses')).toBeInTheDocument();
  });
});
