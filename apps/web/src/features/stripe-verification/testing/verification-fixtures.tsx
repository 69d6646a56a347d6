// Test support for the Stripe verification page's tests (imported by *.test.tsx only, so never
// bundled): an admin, a verification record, and the page opened with the API answering.
import type { TVerificationRecord } from '@magotips/contracts/verification';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissNotices, renderWithApp, storeSession } from '../../../../test/utils';
import { authAnswer, json, makeUser, stubApi, type ApiHandler } from '../../../../test/api-double';
import type { TSessionUser } from '../../../lib/session/session-user';
import StripeVerificationPage from '../stripe-verification-page';

const ADMIN_ID = '11111111-1111-4111-8111-111111111111';
const ADMIN = makeUser({
  _id: ADMIN_ID,
  firstName: 'Merlín',
  lastName: 'Administrador',
  roles: [
    { name: 'user', assignedBy: null },
    { name: 'admin', assignedBy: null },
  ],
});

export function record(patch: Partial<TVerificationRecord> = {}): TVerificationRecord {
  return {
    verificationId: '0f6a1c9e-3b7d-4e2a-9c1f-5d8e7a6b4c3d',
    verificationType: 'full',
    status: 'success',
    verifiedAt: '2026-06-15T12:00:00.000Z',
    verifiedBy: { _id: ADMIN_ID, username: 'Merlín Administrador' },
    provider: 'stripe',
    period: { startDate: '2026-05-16T12:00:00.000Z', endDate: '2026-06-15T12:00:00.000Z' },
    summary: {
      netRevenue: 1237.05,
      totalFees: 2.95,
      retainedAmount: 42,
      bankTransfers: 32.5,
      pendingAmount: 4.55,
      currency: 'USD',
    },
    balanceData: {
      totalNetAmount: 1237.05,
      totalFees: 2.95,
      totalGrossAmount: 1240,
      transactionCount: 5,
      currency: 'USD',
    },
    riskPaymentsData: {
      totalRetainedAmount: 42,
      retainedPaymentsCount: 3,
      riskReasons: ['Fraude', 'Cargo duplicado'],
      currency: 'USD',
    },
    payoutsData: {
      totalPayoutAmount: 32.5,
      payoutsCount: 3,
      lastPayoutDate: '2026-06-13T00:00:00.000Z',
      currency: 'USD',
    },
    reconciliation: {
      matches: true,
      lines: [
        {
          currency: 'USD',
          provider: { chargeCount: 4, chargeAmount: 59.99, refundCount: 1, refundAmount: 19.99 },
          local: { chargeCount: 4, chargeAmount: 59.99, refundCount: 1, refundAmount: 19.99 },
          matches: true,
        },
      ],
    },
    gifts: {
      soldCount: 2,
      soldAmount: 39.98,
      currency: 'USD',
      redeemedCount: 3,
      redeemedPurchasedCount: 1,
      redeemedPlanCount: 2,
      redeemedPackCount: 1,
    },
    issues: [],
    ...patch,
  };
}

export const answer = (data: unknown) => () => json({ success: true, data });

export function openPanel(routes: Record<string, ApiHandler>, user = ADMIN as TSessionUser) {
  dismissNotices();
  storeSession(user, 'session-token');
  const api = stubApi({
    'POST /auth/me_verify': () => authAnswer(ADMIN, 'session-token'),
    ...routes,
  });
  renderWithApp(<StripeVerificationPage />, { at: '/panel/stripe-verification' });
  return { api, user: userEvent.setup() };
}

export const section = (name: string) => screen.getByRole('region', { name });
