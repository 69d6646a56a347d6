import { PERIOD_TEXT } from '@magotips/contracts/plan-periods';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SavingBadge, YearlyPriceLine } from './yearly-price';

/** Decision 0099: the yearly saving is computed from the two prices, never typed. */
describe('the yearly price and its saving', () => {
  it('computes "Ahorra 25 %" for $179.99 a year against 12 × $19.99', () => {
    render(<YearlyPriceLine plan={{ price: 19.99, duration: 1, yearlyPrice: 179.99 }} />);
    expect(screen.getByText(PERIOD_TEXT.save(25))).toBeVisible();
    expect(screen.getByText('Ahorra 25 %')).toHaveClass('saving-badge');
    expect(document.body).toHaveTextContent('Anual: $179.99 USD / año Ahorra 25 %');
  });

  it('counts a 3-month plan four times a year', () => {
    render(<SavingBadge plan={{ price: 50, duration: 3, yearlyPrice: 160 }} />);
    expect(screen.getByText('Ahorra 20 %')).toBeVisible();
  });

  it('shows nothing for a plan without a yearly price', () => {
    const { container } = render(
      <YearlyPriceLine plan={{ price: 19.99, duration: 1, yearlyPrice: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
    render(<SavingBadge plan={{ price: 19.99, duration: 1, yearlyPrice: null }} />);
    expect(screen.queryByText(/Ahorra/)).toBeNull();
  });
});
