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
  transactionRow,
} from '../../../test/payments';
import type { StripeDouble } from '../../../test/stripe-double';
import { createTestUser, givePack } from '../../../test/users';
import { IMMEDIATE_ACCESS_CONSENT } from '@magotips/contracts/purchase-consent';
import { packPurchases, packs, packTips, transactions } from '../../db/schema';

let t: PaymentsTestApp;
let double: StripeDouble;
let who: Callers;
const MINUTE = 60_000;
/** A completed pack payment of each signed-in caller, to read back. */
const own: Partial<Record<Caller, { id: string; sessionId: string }>> = {};

beforeAll(async () => {
  t = await buildPaymentsApp({ stripe: true });
  if (!t.double) throw new Error('no double');
  double = t.double;
  who = await createCallers(t.database.db, t.time.now(), t.ids.packUsa);
  for (const caller of CALLERS) {
    const userId = who[caller].id;
    if (!userId) continue;
    const sessionId = `cs_test_matrix_${caller}`;
    const [row] = await t.database.db
      .insert(transactions)
      .values({
        userId,
        kind: 'pack',
        packId: t.ids.packPast,
        itemName: 'Pack Clásicos de la Semana Pasada',
        amountCents: 999,
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

function create(u: U | Record<string, string>, body: Record<string, unknown>) {
  return (async () =>
    t.app.inject({
      method: 'POST',
      url: '/api/packs/create-payment-stripe',
      headers:
        'headers' in u && typeof u.headers === 'function'
          ? await u.headers()
          : (u as Record<string, string>),
      payload: body,
    }))();
}
const europe = (extra: Record<string, unknown> = {}) => ({
  packId: t.ids.packEurope,
  amount: 19.99,
  currency: 'USD',
  immediateAccessConsent: true,
  paymentMethod: 'stripe',
  ...extra,
});

const NO_TOKEN = { status: 401, message: MSG.noToken };
const signedIn = (ok: Expected): Record<Caller, Expected> => ({
  ...(Object.fromEntries(CALLERS.map((c) => [c, ok])) as Record<Caller, Expected>),
  visitor: NO_TOKEN,
});
const SOON_PAYPAL = {
  status: 400,
  message: 'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
};
const SOON_MP = {
  status: 400,
  message: 'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
};
const anyId = '00000000-0000-4000-8000-000000000000';

type Route = {
  name: string;
  method: 'GET' | 'POST';
  url: (caller: Caller) => string;
  body?: () => Record<string, unknown>;
  expected: Record<Caller, Expected>;
};

const routes: Route[] = [
  {
    name: 'POST /api/packs/create-payment-stripe',
    method: 'POST',
    url: () => '/api/packs/create-payment-stripe',
    body: () => europe(),
    expected: signedIn(201),
  },
  {
    // Decision 0034: the consent is required of every signed-in caller; a visitor is turned away
    // before the body is read (decision 0016).
    name: 'POST /api/packs/create-payment-stripe without the immediate-access consent',
    method: 'POST',
    url: () => '/api/packs/create-payment-stripe',
    body: () => europe({ immediateAccessConsent: undefined }),
    expected: signedIn({ status: 400, message: IMMEDIATE_ACCESS_CONSENT.required }),
  },
  {
    name: 'POST /api/packs/create-payment-paypal',
    method: 'POST',
    url: () => '/api/packs/create-payment-paypal',
    body: () => europe(),
    expected: signedIn(SOON_PAYPAL),
  },
  {
    name: 'POST /api/packs/create-payment-mercadopago',
    method: 'POST',
    url: () => '/api/packs/create-payment-mercadopago',
    body: () => europe(),
    expected: signedIn(SOON_MP),
  },
  {
    name: 'GET /api/packs/check-payment/{id}',
    method: 'GET',
    url: (c) => `/api/packs/check-payment/${own[c]?.id ?? anyId}`,
    expected: signedIn(200),
  },
  {
    name: 'GET /api/packs/verify-session/{id}',
    method: 'GET',
    url: (c) => `/api/packs/verify-session/${own[c]?.sessionId ?? 'cs_test_x'}`,
    expected: signedIn(200),
  },
  {
    name: 'GET /api/packs/verify-status/{packId}',
    method: 'GET',
    url: () => `/api/packs/verify-status/${t.ids.packEurope}`,
    expected: signedIn(200),
  },
  {
    name: 'GET /api/packs/mis-packs',
    method: 'GET',
    url: () => '/api/packs/mis-packs',
    expected: signedIn(200),
  },
  {
    name: 'GET /api/packs/estado-usuario',
    method: 'GET',
    url: () => '/api/packs/estado-usuario',
    expected: signedIn(200),
  },
  {
    name: 'POST /api/packs/clean-pending-transactions',
    method: 'POST',
    url: () => '/api/packs/clean-pending-transactions',
    expected: signedIn(200),
  },
];

describe('pack purchases: authorization matrix', () => {
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
      });
    }
  }

  it('lets nobody read another user’s payment: 404 whoever owns it', async () => {
    for (const [caller, other] of [
      ['user', 'buyer'],
      ['admin', 'user'],
      ['editorAdmin', 'subscriber'],
    ] as const) {
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/packs/check-payment/${own[other]?.id}`,
        headers: who[caller].headers,
      });
      expect(check.statusCode).toBe(404);
      expect(check.json()).toEqual({
        success: false,
        code: 'NOT_FOUND',
        message: 'Transacción no encontrada.',
      });
      const verify = await t.app.inject({
        method: 'GET',
        url: `/api/packs/verify-session/${own[other]?.sessionId}`,
        headers: who[caller].headers,
      });
      expect(verify.statusCode).toBe(404);
    }
    // A subscription payment is not read through the packs route either.
    const u = await user();
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'basic',
        amount: 9.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      },
    });
    const subTx: string = sub.json().payment.transactionId;
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/packs/check-payment/${subTx}`,
          headers: await u.headers(),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/subscriptions/check-payment/${subTx}`,
          headers: await u.headers(),
        })
      ).statusCode,
    ).toBe(200);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/packs/check-payment/not-a-uuid',
      headers: await u.headers(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.invalidId);
    const badSession = await t.app.inject({
      method: 'GET',
      url: "/api/packs/verify-session/x'%20or%201=1",
      headers: await u.headers(),
    });
    expect(badSession.statusCode).toBe(400);
  });
});

describe('POST /api/packs/create-payment-stripe: validation', () => {
  const cases: [string, Record<string, unknown>, number, string][] = [
    [
      'no packId',
      { amount: 19.99, currency: 'USD', immediateAccessConsent: true },
      400,
      'ID del pack no válido',
    ],
    [
      'a malformed packId',
      { packId: '12', amount: 19.99, currency: 'USD', immediateAccessConsent: true },
      400,
      'ID del pack no válido',
    ],
    [
      'an unknown pack',
      { packId: anyId, amount: 19.99, currency: 'USD', immediateAccessConsent: true },
      404,
      'Pack no encontrado. Es posible que haya sido removido.',
    ],
    [
      'an amount that is not the price',
      { amount: 1 },
      400,
      'El monto no coincide con el precio actual. Actualiza la página e inténtalo de nuevo.',
    ],
    [
      'a price one cent off',
      { amount: 19.98 },
      400,
      'El monto no coincide con el precio actual. Actualiza la página e inténtalo de nuevo.',
    ],
    ['no amount', { amount: undefined }, 400, 'El monto del pago es requerido.'],
    ['a text amount', { amount: '19.99' }, 400, 'El monto del pago es requerido.'],
    [
      'a negative amount',
      { amount: -19.99 },
      400,
      'El monto no coincide con el precio actual. Actualiza la página e inténtalo de nuevo.',
    ],
    [
      'another currency',
      { currency: 'EUR' },
      400,
      'Solo aceptamos pagos en dólares estadounidenses (USD).',
    ],
    [
      'no currency',
      { currency: undefined },
      400,
      'Solo aceptamos pagos en dólares estadounidenses (USD).',
    ],
    [
      'PayPal as method',
      { paymentMethod: 'paypal' },
      400,
      'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
    ],
  ];
  for (const [name, patch, status, message] of cases) {
    it(`refuses ${name} in Spanish`, async () => {
      const u = await user();
      const body =
        'packId' in patch || name.includes('packId') || name.includes('unknown')
          ? patch
          : europe(patch);
      const res = await create(u, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
      expect(
        await t.database.db.select().from(transactions).where(eq(transactions.userId, u.id)),
      ).toHaveLength(0);
    });
  }

  it('answers 404 for an inactive pack and 400 for one whose matches are all over', async () => {
    const u = await user();
    const [inactive] = await t.database.db
      .insert(packs)
      .values({ nombre: 'Retirado', descripcion: 'x', priceCents: 500, activo: false })
      .returning({ id: packs.id });
    await t.database.db
      .insert(packTips)
      .values({ packId: inactive?.id ?? '', tipId: t.ids.tipInEurope, position: 0 });
    const gone = await create(u, {
      packId: inactive?.id,
      amount: 5,
      currency: 'USD',
      immediateAccessConsent: true,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('Pack no encontrado. Es posible que haya sido removido.');
    const past = await create(u, {
      packId: t.ids.packPast,
      amount: 9.99,
      currency: 'USD',
      immediateAccessConsent: true,
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(
      'Este pack ya no está disponible: todos sus partidos han terminado.',
    );
  });

  it('charges the database price whatever else the body says', async () => {
    const u = await user();
    const res = await create(u, europe({ amount: 19.99, price: 0.01, amountCents: 1 }));
    expect(res.statusCode).toBe(201);
    const tx = await transactionRow(t.database.db, res.json().payment.transactionId);
    expect(tx.amountCents).toBe(1999);
    expect(double.sessions.get(tx.providerSessionId ?? '')?.amount_total).toBe(1999);
  });
});

describe('POST /api/packs/create-payment-stripe: the immediate-access consent (decision 0034)', () => {
  it.each<[string, Record<string, unknown>]>([
    ['absent (an old client)', { immediateAccessConsent: undefined }],
    ['false', { immediateAccessConsent: false }],
    ['the text "true"', { immediateAccessConsent: 'true' }],
    ['1', { immediateAccessConsent: 1 }],
    ['null', { immediateAccessConsent: null }],
  ])('refuses a consent %s with a 400 in Spanish and writes nothing', async (_case, patch) => {
    const u = await user();
    const stripeCalls = double.requests.length;
    const res = await create(u, europe(patch));
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

  it('records when it was given by the server clock, whatever time the body claims', async () => {
    const u = await user();
    const res = await create(
      u,
      europe({ immediateAccessConsentAt: '2001-01-01T00:00:00Z', consentAt: '2001-01-01' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const tx = await transactionRow(t.database.db, res.json().payment.transactionId);
    expect(tx.immediateAccessConsentAt).toEqual(t.time.now());
    expect(tx.immediateAccessConsentAt).toEqual(tx.createdAt);
  });
});

describe('POST /api/packs/create-payment-stripe: the 409 codes', () => {
  it('PACK_ALREADY_PURCHASED names the pack', async () => {
    const res = await create(who.buyer.headers, {
      packId: t.ids.packUsa,
      amount: 14.99,
      currency: 'USD',
      immediateAccessConsent: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'PACK_ALREADY_PURCHASED',
      message:
        'Ya has comprado el pack "Pack Estados Unidos" anteriormente. Puedes acceder a él desde tu panel.',
    });
  });

  it('ACTIVE_STRIPE_SESSION while the checkout is open; PACK_ALREADY_PURCHASED once it turns out paid', async () => {
    const u = await user();
    const first = await create(u, europe());
    const again = await create(u, europe());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      code: 'ACTIVE_STRIPE_SESSION',
      message:
        'Ya tienes una sesión de pago activa para este pack. Completa el pago actual antes de crear uno nuevo.',
    });
    const tx = await transactionRow(t.database.db, first.json().payment.transactionId);
    double.pay(tx.providerSessionId ?? '');
    const paid = await create(u, europe());
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('PACK_ALREADY_PURCHASED');
    expect((await transactionRow(t.database.db, tx.id)).status).toBe('completed');
  });

  it('PENDING_TRANSACTION while a checkout is being opened, until it is given up', async () => {
    const u = await user();
    await t.database.db.insert(transactions).values({
      userId: u.id,
      kind: 'pack',
      packId: t.ids.packEurope,
      itemName: 'Pack Fin de Semana Europeo',
      amountCents: 1999,
      provider: 'stripe',
      status: 'pending',
      createdAt: t.time.now(),
      expiresAt: new Date(t.time.now().getTime() + 31 * MINUTE),
    });
    const res = await create(u, europe());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'PENDING_TRANSACTION',
      message:
        'Ya tienes una transacción pendiente para este pack. Espera unos minutos antes de intentar nuevamente.',
    });
    t.time.advance(3 * MINUTE);
    try {
      const later = await create(u, europe());
      expect(later.statusCode, later.body).toBe(201);
    } finally {
      t.time.advance(-3 * MINUTE);
    }
  });

  it('opens one checkout when two requests race', async () => {
    const u = await user();
    const results = await Promise.all([
      create(u, europe()),
      create(u, europe()),
      create(u, europe()),
    ]);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(['PENDING_TRANSACTION', 'ACTIVE_STRIPE_SESSION']).toContain(r.json().code);
    }
    const pending = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, u.id));
    expect(pending.filter((x) => x.status === 'pending')).toHaveLength(1);
  });
});

describe('GET /api/packs/estado-usuario and POST /api/packs/clean-pending-transactions', () => {
  it('summarises pending and bought packs, then cleanup closes the sessions at Stripe', async () => {
    const u = await user();
    await givePack(t.database.db, u.id, t.ids.packUsa);
    const empty = await t.app.inject({
      method: 'GET',
      url: '/api/packs/estado-usuario',
      headers: await u.headers(),
    });
    expect(empty.json()).toEqual({
      success: true,
      message: 'No tienes transacciones pendientes de packs. Packs comprados: 1.',
      pendingCount: 0,
      purchasedCount: 1,
    });

    const pack = await create(u, europe());
    const sub = await t.app.inject({
      method: 'POST',
      url: '/api/subscriptions/create-payment-stripe',
      headers: await u.headers(),
      payload: {
        plan: 'premium',
        amount: 19.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      },
    });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/packs/estado-usuario',
      headers: await u.headers(),
    });
    expect(status.json()).toMatchObject({ success: true, pendingCount: 1, purchasedCount: 1 });
    expect(status.json().message).toContain(
      'Tienes 1 transacción pendiente de packs ("Pack Fin de Semana Europeo")',
    );

    const clean = await t.app.inject({
      method: 'POST',
      url: '/api/packs/clean-pending-transactions',
      headers: await u.headers(),
    });
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toEqual({
      success: true,
      message: 'Transacciones pendientes limpiadas: 2 cancelada(s).',
      results: expect.arrayContaining([
        {
          transactionId: pack.json().payment.transactionId,
          type: 'pack',
          item: 'Pack Fin de Semana Europeo',
          status: 'expired',
        },
        {
          transactionId: sub.json().payment.transactionId,
          type: 'subscription',
          item: 'Todos los tips VIP',
          status: 'expired',
        },
      ]),
    });
    const packTx = await transactionRow(t.database.db, pack.json().payment.transactionId);
    expect(double.sessions.get(packTx.providerSessionId ?? '')?.status).toBe('expired');
    await create(u, europe());
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/packs/clean-pending-transactions',
      headers: await u.headers(),
    });
    expect(none.json().results).toHaveLength(1);
    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/packs/clean-pending-transactions',
      headers: await u.headers(),
    });
    expect(nothing.json()).toEqual({
      success: true,
      message: 'No tienes transacciones pendientes.',
      results: [],
    });
  });

  it('delivers instead of discarding a checkout that was paid meanwhile', async () => {
    const u = await user();
    const pack = await create(u, europe());
    const tx = await transactionRow(t.database.db, pack.json().payment.transactionId);
    double.pay(tx.providerSessionId ?? '');
    const clean = await t.app.inject({
      method: 'POST',
      url: '/api/packs/clean-pending-transactions',
      headers: await u.headers(),
    });
    expect(clean.json()).toMatchObject({
      message:
        'Transacciones pendientes limpiadas: 0 cancelada(s), 1 confirmada(s) porque ya estaban pagadas.',
      results: [{ transactionId: tx.id, status: 'completed' }],
    });
    expect(
      await t.database.db.select().from(packPurchases).where(eq(packPurchases.userId, u.id)),
    ).toHaveLength(1);
  });
});
