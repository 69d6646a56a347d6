import { MSG } from '@magotips/contracts/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLERS,
  type Caller,
  type Callers,
  cell,
  createCallers,
  type Expected,
} from '../../../test/callers';
import {
  bearerAt,
  buildPaymentsApp,
  type PaymentsTestApp,
  planByKey,
  subscriptionOf,
  transactionRow,
} from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { createTestUser } from '../../../test/users';
import { IMMEDIATE_ACCESS_CONSENT } from '@magotips/contracts/purchase-consent';
import { plans, subscriptions, transactions } from '../../db/schema';

let t: PaymentsTestApp;
let double: StripeDouble;
let who: Callers;
const DAY = 86_400_000;
const own: Partial<Record<Caller, { id: string; sessionId: string }>> = {};

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
  who = await createCallers(t.database.db, t.time.now(), t.ids.packUsa);
  const basic = await planByKey(t.database.db, 'basic');
  for (const caller of CALLERS) {
    const userId = who[caller].id;
    if (!userId) continue;
    const sessionId = `cs_test_sub_matrix_${caller}`;
    const [row] = await t.database.db
      .insert(transactions)
      .values({
        userId,
        kind: 'subscription',
        planId: basic.id,
        planKey: 'basic',
        durationMonths: 1,
        itemName: basic.name,
        amountCents: basic.priceCents,
        status: 'completed',
        provider: 'stripe',
        providerSessionId: sessionId,
        completedAt: t.time.now(),
      })
      .returning({ id: transactions.id });
    own[caller] = { id: row?.id ?? '', sessionId };
  }
});
afterAll(() => t.close());

async function user() {
  const u = await createTestUser(t.database.db, { now: t.time.now() });
  return { id: u.id, headers: async () => bearerAt(t.database.db, u.id, t.time.now()) };
}
type U = Awaited<ReturnType<typeof user>>;
async function create(u: U, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/subscriptions/create-payment-stripe',
    headers: await u.headers(),
    payload: body,
  });
}
const premium = (extra: Record<string, unknown> = {}) => ({
  plan: 'premium',
  amount: 19.99,
  currency: 'USD',
  immediateAccessConsent: true,
  recurring: true,
  ...extra,
});

const NO_TOKEN = { status: 401, message: MSG.noToken };
const signedIn = (ok: Expected): Record<Caller, Expected> => ({
  ...(Object.fromEntries(CALLERS.map((c) => [c, ok])) as Record<Caller, Expected>),
  visitor: NO_TOKEN,
});
const anyId = '00000000-0000-4000-8000-000000000000';
const NO_SUB = { status: 400, code: 'NO_ACTIVE_SUBSCRIPTION' };

type Route = {
  name: string;
  url: (c: Caller) => string;
  method: 'GET' | 'POST';
  body?: () => Record<string, unknown>;
  expected: Record<Caller, Expected>;
};
const routes: Route[] = [
  {
    name: 'POST /api/subscriptions/create-payment-stripe',
    method: 'POST',
    url: () => '/api/subscriptions/create-payment-stripe',
    body: () => ({
      plan: 'basic',
      amount: 9.99,
      currency: 'USD',
      recurring: true,
      immediateAccessConsent: true,
    }),
    // The subscriber already renews every month: a second renewing subscription is refused.
    expected: { ...signedIn(201), subscriber: { status: 409, code: 'ACTIVE_SUBSCRIPTION' } },
  },
  {
    // Decision 0034: without the consent every signed-in caller (the subscriber too) gets the
    // 400 before any rule about plans; a visitor is turned away first (decision 0016).
    name: 'POST /api/subscriptions/create-payment-stripe without the immediate-access consent',
    method: 'POST',
    url: () => '/api/subscriptions/create-payment-stripe',
    body: () => ({ plan: 'basic', amount: 9.99, currency: 'USD', recurring: true }),
    expected: signedIn({ status: 400, message: IMMEDIATE_ACCESS_CONSENT.required }),
  },
  {
    name: 'POST /api/subscriptions/create-payment-paypal',
    method: 'POST',
    url: () => '/api/subscriptions/create-payment-paypal',
    body: () => ({ plan: 'basic' }),
    expected: signedIn({
      status: 400,
      message: 'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
    }),
  },
  {
    name: 'POST /api/subscriptions/create-payment-mercadopago',
    method: 'POST',
    url: () => '/api/subscriptions/create-payment-mercadopago',
    expected: signedIn({
      status: 400,
      message: 'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
    }),
  },
  {
    name: 'GET /api/subscriptions/check-payment/{id}',
    method: 'GET',
    url: (c) => `/api/subscriptions/check-payment/${own[c]?.id ?? anyId}`,
    expected: signedIn(200),
  },
  {
    name: 'GET /api/subscriptions/verify-session/{id}',
    method: 'GET',
    url: (c) => `/api/subscriptions/verify-session/${own[c]?.sessionId ?? 'cs_x'}`,
    expected: signedIn(200),
  },
  {
    name: 'POST /api/subscriptions/cancel',
    method: 'POST',
    url: () => '/api/subscriptions/cancel',
    expected: { ...signedIn(NO_SUB), subscriber: 200 },
  },
  {
    name: 'POST /api/subscriptions/resume',
    method: 'POST',
    url: () => '/api/subscriptions/resume',
    expected: { ...signedIn({ status: 400, code: 'SUBSCRIPTION_ENDED' }), subscriber: 200 },
  },
];

describe('subscriptions: authorization matrix', () => {
  for (const route of routes) {
    for (const caller of CALLERS) {
      it(`${route.name} as ${caller}`, async () => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url(caller),
          headers: who[caller].headers,
          ...(route.body ? { payload: route.body() } : {}),
        });
        const want = cell(route.expected[caller]);
        expect(res.statusCode, res.body).toBe(want.status);
        if (want.message) expect(res.json().message).toBe(want.message);
        if (want.code) expect(res.json().code).toBe(want.code);
      });
    }
  }

  it('lets nobody read another user’s subscription payment', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/check-payment/${own.buyer?.id}`,
      headers: who.user.headers,
    });
    expect(res.statusCode).toBe(404);
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/verify-session/${own.buyer?.sessionId}`,
      headers: who.admin.headers,
    });
    expect(session.statusCode).toBe(404);
  });
});

describe('POST /api/subscriptions/create-payment-stripe: validation', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    ['no plan', { plan: undefined }, 400, 'Por favor selecciona un plan'],
    ['an empty plan', { plan: '  ' }, 400, 'Por favor selecciona un plan'],
    [
      'an unknown plan',
      { plan: 'oro' },
      404,
      'El plan seleccionado no existe o ya no está disponible.',
    ],
    [
      'another price',
      { amount: 9.99 },
      400,
      'El monto no coincide con el precio actual. Actualiza la página e inténtalo de nuevo.',
    ],
    [
      'another currency',
      { currency: 'MXN' },
      400,
      'Solo aceptamos pagos en dólares estadounidenses (USD).',
    ],
  ];
  for (const [name, patch, status, message] of cases) {
    it(`refuses ${name} in Spanish`, async () => {
      const u = await user();
      const res = await create(u, premium(patch));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    });
  }

  it('answers 404 for an inactive plan, and refuses to renew a plan longer than a year', async () => {
    const u = await user();
    await t.database.db
      .insert(plans)
      .values({ key: 'retirado', name: 'Retirado', priceCents: 500, isActive: false });
    const inactive = await create(u, {
      plan: 'retirado',
      amount: 5,
      currency: 'USD',
      immediateAccessConsent: true,
      recurring: true,
    });
    expect(inactive.statusCode).toBe(404);
    await t.database.db
      .insert(plans)
      .values({ key: 'bienal', name: 'Plan Bienal', priceCents: 20000, durationMonths: 24 });
    const recurring = await create(u, {
      plan: 'bienal',
      amount: 200,
      currency: 'USD',
      immediateAccessConsent: true,
      recurring: true,
    });
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().message).toBe(
      'Este plan no admite renovación automática. Desmarca el pago recurrente para contratarlo.',
    );
    const once = await create(u, {
      plan: 'bienal',
      amount: 200,
      currency: 'USD',
      immediateAccessConsent: true,
      recurring: false,
    });
    expect(once.statusCode, once.body).toBe(201);
  });

  it('defaults to a recurring subscription when `recurring` is not sent', async () => {
    const u = await user();
    const res = await create(u, {
      plan: 'premium',
      amount: 19.99,
      currency: 'USD',
      immediateAccessConsent: true,
    });
    expect(res.statusCode).toBe(201);
    expect(
      (await transactionRow(t.database.db, res.json().payment.transactionId)).isRecurring,
    ).toBe(true);
  });
});

describe('POST /api/subscriptions/create-payment-stripe: the immediate-access consent (decision 0034)', () => {
  it.each<[string, Record<string, unknown>]>([
    ['absent (an old client)', { immediateAccessConsent: undefined }],
    ['false', { immediateAccessConsent: false }],
    ['the text "yes"', { immediateAccessConsent: 'yes' }],
  ])('refuses a consent %s with a 400 in Spanish and writes nothing', async (_case, patch) => {
    const u = await user();
    const stripeCalls = double.requests.length;
    const res = await create(u, premium(patch));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      message: IMMEDIATE_ACCESS_CONSENT.required,
    });
    expect(
      await t.database.db.select().from(transactions).where(eq(transactions.userId, u.id)),
    ).toHaveLength(0);
    expect(double.requests.length, 'no call to Stripe').toBe(stripeCalls);
  });

  it('records when it was given by the server clock, not the body', async () => {
    const u = await user();
    const res = await create(u, premium({ immediateAccessConsentAt: '2001-01-01T00:00:00Z' }));
    expect(res.statusCode, res.body).toBe(201);
    const tx = await transactionRow(t.database.db, res.json().payment.transactionId);
    expect(tx.immediateAccessConsentAt).toEqual(t.time.now());
  });
});

describe('replacing a checkout and stacking periods', () => {
  it('expires the earlier checkout at Stripe when the user starts another, so only one can be paid', async () => {
    const u = await user();
    const first = await create(u, premium());
    const firstTx = await transactionRow(t.database.db, first.json().payment.transactionId);
    const second = await create(u, {
      plan: 'vip',
      amount: 49.99,
      currency: 'USD',
      immediateAccessConsent: true,
      recurring: true,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect((await transactionRow(t.database.db, firstTx.id)).status).toBe('expired');
    expect(double.sessions.get(firstTx.providerSessionId ?? '')?.status).toBe('expired');
  });

  it('refuses a new checkout when the earlier one turns out paid', async () => {
    const u = await user();
    const first = await create(u, premium());
    const firstTx = await transactionRow(t.database.db, first.json().payment.transactionId);
    double.pay(firstTx.providerSessionId ?? '');
    const second = await create(u, premium());
    expect(second.statusCode).toBe(409);
    expect((await transactionRow(t.database.db, firstTx.id)).status).toBe('completed');
    expect((await subscriptionOf(t.database.db, u.id))?.isRecurring).toBe(true);
  });

  it('adds a one-off period after the current end date, not from today', async () => {
    const u = await user();
    await t.database.db.insert(subscriptions).values({
      userId: u.id,
      planKey: 'basic',
      endDate: new Date(t.time.now().getTime() + 10 * DAY),
      isRecurring: false,
      provider: 'stripe',
    });
    const res = await create(u, {
      plan: 'basic',
      amount: 9.99,
      currency: 'USD',
      recurring: false,
      immediateAccessConsent: true,
    });
    const tx = await transactionRow(t.database.db, res.json().payment.transactionId);
    double.pay(tx.providerSessionId ?? '');
    const verify = await t.app.inject({
      method: 'GET',
      url: `/api/subscriptions/verify-session/${tx.providerSessionId}`,
      headers: await u.headers(),
    });
    expect(verify.json().transaction.status).toBe('completed');
    expect((await subscriptionOf(t.database.db, u.id))?.endDate.toISOString()).toBe(
      '2026-07-11T12:00:00.000Z',
    );
  });
});

describe('daysRemaining in the user', () => {
  async function days(u: U) {
    const me = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me_verify',
      headers: await u.headers(),
    });
    return me.json().user.subscription;
  }

  it('is null without a subscription, days left rounded up, -1 during a due renewal, 0 once ended', async () => {
    const u = await user();
    expect((await days(u)).daysRemaining).toBeNull();
    const start = t.time.now();
    await t.database.db.insert(subscriptions).values({
      userId: u.id,
      planKey: 'premium',
      endDate: new Date(start.getTime() + 6 * DAY + 3_600_000),
      isRecurring: true,
      provider: 'stripe',
    });
    try {
      expect(await days(u)).toMatchObject({ hasActiveSubscription: true, daysRemaining: 7 });
      t.time.set(new Date(start.getTime() + 7 * DAY));
      expect(await days(u)).toMatchObject({
        hasActiveSubscription: false,
        daysRemaining: -1,
        isRecurring: true,
      });
      t.time.set(new Date(start.getTime() + 10 * DAY));
      expect((await days(u)).daysRemaining).toBe(0);
      t.time.set(new Date(start.getTime() + 7 * DAY));
      await t.database.db
        .update(subscriptions)
        .set({ isRecurring: false })
        .where(eq(subscriptions.userId, u.id));
      expect((await days(u)).daysRemaining).toBe(0);
    } finally {
      t.time.set(start);
    }
  });
});
