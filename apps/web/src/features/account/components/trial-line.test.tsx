import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSessionUser } from '../../../lib/session/session-user';
import { TrialLine } from './trial-line';

type Sub = NonNullable<TSessionUser['subscription']>;
const trialing: Sub = {
  hasActiveSubscription: true,
  isRecurring: true,
  endDate: '2026-06-08T12:00:00.000Z',
  trialEndsAt: '2026-06-08T12:00:00.000Z',
  trialThenAmount: 19.99,
};

describe('TrialLine (decision 0098)', () => {
  it('says until when the trial runs and what will be charged then', () => {
    render(<TrialLine subscription={trialing} />);
    expect(screen.getByText('Prueba gratuita hasta el 8 de junio de 2026')).toBeVisible();
    expect(
      screen.getByText('El 8 de junio de 2026 se cobrarán $19.99 USD si no cancelas antes.'),
    ).toBeVisible();
  });

  it('says nothing will be charged once the renewal is cancelled', () => {
    render(<TrialLine subscription={{ ...trialing, isRecurring: false }} />);
    expect(
      screen.getByText(
        'Cancelaste la renovación: no se cobrará nada y tu acceso termina el 8 de junio de 2026.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/se cobrarán/)).toBeNull();
  });

  it('draws nothing outside a trial', () => {
    const { container } = render(<TrialLine subscription={{ ...trialing, trialEndsAt: null }} />);
    expect(container).toBeEmptyDOMElement();
    render(<TrialLine subscription={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
