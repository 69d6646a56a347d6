import { count } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ROUTER_REJECTED_IDS,
  bodyArb,
  collectRoutes,
  errorShapeProblem,
  fillPath,
  type FuzzBody,
  pathIdArb,
  queryArb,
} from '../test/fuzz';
import { startTelegramDouble } from '../test/telegram-double';
import { buildTestApp, createTestDatabase } from '../test/test-app';
import { authorizationAt, createTestUser } from '../test/users';
import {
  financialVerifications,
  globalMessages,
  packPurchases,
  packs,
  plans,
  tips,
  transactions,
  users,
} from './db/schema';
import { messageHasLink } from '@magotips/contracts/gift-message-links';
import { GIFT_PURCHASE_MSG } from '@magotips/contracts/gifts';
import { seedDemo } from './seed/demo-seed';
import { hashPassword } from './lib/password';

// One database for the whole file, seeded like a real site; routes are read from the real app.
// A bot against the Bot API double, so the Telegram link is fuzzed past its 503 of a site without one.
const TELEGRAM_TOKEN = '123456:AAbbCCddEEffGGhhIIjjKKll-_mm';
const telegram = await startTelegramDouble({ token: TELEGRAM_TOKEN });
const database = await createTestDatabase();
await seedDemo(database.db);
const t = await buildTestApp({
  database,
  env: {
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: 'f'.repeat(40),
    TELEGRAM_API_URL: telegram.url,
  },
});
const admin = await createTestUser(database.db, {
  roles: ['editor', 'admin'],
  passwordHash: await hashPassword('una-clave-que-nadie-adivina-9'),
});
afterAll(async () => {
  await t.close();
  await database.close();
  await telegram.close();
});

const WEBHOOK = '/api/payments/stripe/webhook';
// HTML pages of the simulated checkout: only the "never 5xx" property and, when the answer is
// JSON, the error shape apply.
const HTML_ROUTES = /^\/api\/payments\/simulated\//;
const routes = collectRoutes(t.app).filter(
  (r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs') && r.path !== WEBHOOK,
);

const COUNTED = {
  users,
  tips,
  packs,
  plans,
  globalMessages,
  transactions,
  packPurchases,
  financialVerifications,
};

async function rowCounts(): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(COUNTED).map(async ([name, table]) => {
      const [row] = await database.db.select({ n: count() }).from(table);
      return [name, row?.n ?? -1] as const;
    }),
  );
  return Object.fromEntries(entries);
}

type Sent = { status: number; label: string };

async function send(
  route: { method: string; path: string },
  input: { ids: string[]; query: string; body: FuzzBody | null },
  headers: Record<string, string>,
): Promise<Sent> {
  const url = `${fillPath(route.path, input.ids)}${input.query ? `?${input.query}` : ''}`;
  const label = `${route.method} ${url.length > 200 ? `${url.slice(0, 200)}…(${url.length})` : url} auth=${headers.authorization ? 'admin+editor' : 'ninguna'} body=${
    input.body ? `${input.body.contentType} ${input.body.payload.slice(0, 300)}` : '-'
  }`;
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url,
    headers: input.body ? { ...headers, 'content-type': input.body.contentType } : headers,
    ...(input.body ? { payload: input.body.payload } : {}),
  };
  const res = await t.app.inject(options);
  expect(res.statusCode, label).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const isJson = String(res.headers['content-type'] ?? '').includes('application/json');
    if (isJson || !HTML_ROUTES.test(route.path)) {
      expect(isJson, `${label}: 4xx sin JSON`).toBe(true);
      expect(
        errorShapeProblem(res.json()),
        `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`,
      ).toBeNull();
    }
  }
  return { status: res.statusCode, label };
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const NUM_RUNS = 25;

describe('fuzz: bad input never breaks the error contract nor writes', () => {
  it('collects the API routes from the app', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: 'POST', path: '/api/tips' });
    expect(routes).toContainEqual({
      method: 'DELETE',
      path: '/api/admin/users/:userId/roles/:roleName',
    });
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const hasBody = HAS_BODY.has(route.method);
    const inputArb = fc.record({
      ids: fc.array(pathIdArb, { minLength: 2, maxLength: 2 }),
      query: fc.oneof(fc.constant(''), queryArb),
      body: hasBody ? fc.option(bodyArb, { nil: null, freq: 8 }) : fc.constant(null),
    });
    // A session of its own per route: a route that ends sessions (logout, closing the others,
    // a password change) must not leave every later route tested signed out only.
    const authorization = await authorizationAt(database.db, admin.id, new Date());
    let before = await rowCounts();
    await fc.assert(
      fc.asyncProperty(inputArb, async (input) => {
        const withToken = await send(route, input, { authorization });
        const anonymous = await send(route, input, {});
        const after = await rowCounts();
        if (withToken.status >= 400 && anonymous.status >= 400) {
          expect(after, `${withToken.label}: escribió en la base de datos`).toEqual(before);
        }
        before = after;
      }),
      { numRuns: NUM_RUNS },
    );
  });

  // Fastify's router answers these before any route runs (a broken percent-escape, a path
  // parameter over 100 characters); app.ts's `frameworkErrors` keeps them in our error shape.
  it('router-level rejections keep the error contract', async () => {
    for (const id of ROUTER_REJECTED_IDS) {
      await send(
        { method: 'GET', path: '/api/tips/:id' },
        { ids: [id], query: '', body: null },
        {},
      );
    }
  });

  it(`POST ${WEBHOOK} answers 4xx to garbage`, async () => {
    await fc.assert(
      fc.asyncProperty(
        bodyArb,
        fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
        async (body, signature) => {
          const res = await t.app.inject({
            method: 'POST',
            url: WEBHOOK,
            headers: {
              'content-type': body.contentType,
              ...(signature === undefined ? {} : { 'stripe-signature': signature }),
            },
            payload: body.payload,
          });
          const label = `POST ${WEBHOOK} sig=${String(signature)} ${body.contentType} ${body.payload.slice(0, 300)}`;
          expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, label).toBeLessThan(500);
          expect(errorShapeProblem(res.json()), label).toBeNull();
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

// The gift checkout's own inputs (issue 29, items 2 and 13): a well-formed plan gift with any
// message and any months is either opened (no link, 1 to 12 whole months) or a Spanish 400.
describe('fuzz: gift messages and months', () => {
  const linkish = fc.constantFrom(
    'https://a.example',
    'www.x',
    'ejemplo.es/x',
    'ana@correo.es',
    'ｅｘａｍｐｌｅ．ｃｏｍ',
    'x。com',
    'mailto:',
  );
  const messageArb = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc
      .tuple(fc.string({ maxLength: 20 }), linkish, fc.string({ maxLength: 20 }))
      .map((p) => p.join(' ')),
  );
  const monthsArb = fc.oneof(fc.integer({ min: -2, max: 15 }), fc.double(), fc.constant(null));

  it('POST /api/gifts/create-payment-stripe: 201 or a Spanish 400, never a link', async () => {
    await fc.assert(
      fc.asyncProperty(messageArb, monthsArb, async (message, months) => {
        // A buyer of its own per run: every valid run opens a checkout, and one account may open
        // 10 a minute (CHECKOUT_CREATION_LIMIT), which a run of 50 could pass and answer 429.
        const buyer = await createTestUser(database.db);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/gifts/create-payment-stripe',
          headers: { authorization: buyer.authorization },
          payload: {
            type: 'plan',
            planKey: 'premium',
            months,
            message,
            recipientEmail: 'amiga@example.com',
            immediateAccessConsent: true,
          },
        });
        const label = `${JSON.stringify(message)} months=${String(months)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect([201, 400], label).toContain(res.statusCode);
        if (res.statusCode === 400) {
          expect(errorShapeProblem(res.json()), label).toBeNull();
          return;
        }
        expect(messageHasLink(message), label).toBe(false);
        expect(Number.isInteger(months) && Number(months) >= 1 && Number(months) <= 12, label).toBe(
          true,
        );
      }),
      { numRuns: NUM_RUNS * 2 },
    );
    // A link is always refused with its own text, whatever surrounds it.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gifts/create-payment-stripe',
      headers: { authorization: await authorizationAt(database.db, admin.id, new Date()) },
      payload: {
        type: 'pack',
        packId: (await database.db.select({ id: packs.id }).from(packs).limit(1))[0]?.id,
        message: 'hola ｗｗｗ．ｘ',
        immediateAccessConsent: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(GIFT_PURCHASE_MSG.messageLink);
  });
});
