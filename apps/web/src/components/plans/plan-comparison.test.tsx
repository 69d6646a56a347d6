import { PLAN_COMPARISON_ROWS } from '@magotips/contracts/plan-grants';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePlan } from '../../../test/payment-fixtures';
import { INCLUDED, NO_TRIAL, NOT_INCLUDED, PlanComparison } from './plan-comparison';

const packsOnly = makePlan({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Packs VIP',
  grantsAllVipTips: false,
  includesPacks: true,
});
const allVip = makePlan({
  _id: '00000000-0000-4000-8000-000000000002',
  name: 'Todos los tips VIP',
  // Every VIP tip holds those of the packs, whatever the second field says.
  includesPacks: false,
  trialDays: 7,
});

const cell = (row: string, column: number) => {
  const tr = screen.getByRole('rowheader', { name: row }).closest('tr');
  if (!tr) throw new Error(row);
  return within(tr).getAllByRole('cell')[column];
};

describe('PlanComparison (decision 0097)', () => {
  it('draws each grant from the plan fields, one column per plan', () => {
    render(<PlanComparison plans={[packsOnly, allVip]} />);
    const table = screen.getByRole('table', { name: 'Qué incluye cada plan' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Packs VIP',
      'Todos los tips VIP',
    ]);
    const [allRow, packsRow] = PLAN_COMPARISON_ROWS.map((r) => r.label);
    expect(cell(allRow ?? '', 0)).toHaveTextContent(NOT_INCLUDED);
    expect(cell(allRow ?? '', 1)).toHaveTextContent(INCLUDED);
    expect(cell(packsRow ?? '', 0)).toHaveTextContent(INCLUDED);
    expect(cell(packsRow ?? '', 1)).toHaveTextContent(INCLUDED);
    expect(cell(packsRow ?? '', 1)).not.toHaveTextContent(NOT_INCLUDED);
    expect(cell('Prueba gratuita', 0)).toHaveTextContent(NO_TRIAL);
    expect(cell('Prueba gratuita', 1)).toHaveTextContent('7 días');
  });

  it('is a focusable region a keyboard can scroll on a phone, and nothing without plans', () => {
    const { container, rerender } = render(<PlanComparison plans={[allVip]} />);
    expect(screen.getByRole('region', { name: 'Qué incluye cada plan' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    rerender(<PlanComparison plans={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
