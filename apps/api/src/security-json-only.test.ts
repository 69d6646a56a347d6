import { randomUUID } from 'node:crypto';
import { MSG } from '@magotips/contracts/messages';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../test/auth';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestUser, type TestUser } from '../test/users';

let t: TestApp;
let admin: TestUser;
type Operation = { method: string; path: string; documents415: boolean };
let bodyRoutes: Operation[] = [];

/** The Telegram webhook's credential is its secret header (checked before the body is read, as a
 * session is): every call carries it, so the webhook too reaches the body's type. */
const TELEGRAM_SECRET = 's'.repeat(40);

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      TELEGRAM_BOT_TOKEN: '123456:AAbbCCddEEffGGhhIIjjKKll-_mm',
      TELEGRAM_WEBHOOK_SECRET: TELEGRAM_SECRET,
      // Nothing here calls the Bot API; an address that answers nothing, should anything try.
      TELEGRAM_API_URL: 'http://127.0.0.1:9',
    },
  });
  admin = await createTestUser(t.database.db, { roles: ['editor', 'admin'] });
  // Every operation the OpenAPI document says takes a body: the routes are read from the app.
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<
      string,
      Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>
    >;
  }>();
  bodyRoutes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => op.requestBody !== undefined)
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        documents415: op.responses?.['415'] !== undefined,
      })),
  );
});
afterAll(() => t.close());

const SIMULATED_FORMS = '/api/payments/simulated/checkout/';
/** The simulated billing portal's page posts plain forms too (decision 0096). */
const SIMULATED_PORTAL_FORMS = '/api/payments/simulated/portal/';

const NOT_JSON: { name: string; headers: Record<string, string>; payload: string }[] = [
  {
    name: 'text/plain',
    headers: { 'content-type': 'text/plain' },
    payload: '{"email":"ana@example.com"}',
  },
  {
    name: 'text/plain; charset=utf-8',
    headers: { 'content-type': 'text/plain; charset=utf-8' },
    payload: 'hola',
  },
  {
    name: 'a form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'email=ana%40example.com',
  },
  {
    name: 'multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload:
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nana@example.com\r\n--x--\r\n',
  },
  { name: 'no content type', headers: {}, payload: '{"email":"ana@example.com"}' },
];

const fill = (path: string) =>
  path.replace(/\{roleName\}/g, 'editor').replace(/\{\w+\}/g, randomUUID());

function expect415(res: { statusCode: number; json(): unknown }, label: string) {
  expect(res.statusCode, label).toBe(415);
  expect(res.json(), label).toEqual({
    success: false,
    message: MSG.unsupportedMediaType,
    code: 'UNSUPPORTED_MEDIA_TYPE',
  });
}

describe('JSON only', () => {
  it('finds the body routes, auth and management alike', () => {
    expect(bodyRoutes.length).toBeGreaterThan(15);
    expect(bodyRoutes).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/api/auth/register' }),
    );
    expect(bodyRoutes).toContainEqual(
      expect.objectContaining({ method: 'PUT', path: '/api/tips/{id}' }),
    );
  });

  it('refuses every non-JSON body on every body route with 415, the error shape and a Spanish text', async () => {
    for (const route of bodyRoutes) {
      for (const variant of NOT_JSON) {
        // The test checkout's page posts its forms (Pagar, Aplicar a code): they are the one
        // form exception, checked below; every other type is still refused there too.
        if (
          variant.name === 'a form' &&
          (route.path.startsWith(SIMULATED_FORMS) || route.path.startsWith(SIMULATED_PORTAL_FORMS))
        )
          continue;
        const options: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url: fill(route.path),
          headers: {
            authorization: admin.authorization,
            'x-telegram-bot-api-secret-token': TELEGRAM_SECRET,
            ...variant.headers,
          },
          payload: variant.payload,
        };
        expect415(
          await t.app.inject(options),
          `${route.method} ${route.path} with ${variant.name}`,
        );
      }
    }
  });

  it('says so in the OpenAPI document of every body route', () => {
    expect(bodyRoutes.filter((r) => !r.documents415)).toEqual([]);
  });

  it('still reads JSON, with or without a charset', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: JSON.stringify({ email: 'nadie@example.com', password: 'no-importa-1' }),
      });
      expect(res.statusCode, type).toBe(401);
    }
  });

  it('leaves body-less calls alone', async () => {
    expect(
      (await post(t.app, '/api/auth/refresh', undefined, { authorization: admin.authorization }))
        .statusCode,
    ).toBe(200);
  });
});

describe('the two routes that are not JSON keep working', () => {
  it('the Stripe webhook still takes its raw body, whatever the type (its signature decides)', async () => {
    for (const type of ['application/json; charset=utf-8', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': type, 'stripe-signature': 't=1,v1=abc' },
        payload: '{"id":"evt_1","type":"checkout.session.completed"}',
      });
      // Without Stripe configured the route answers 404; what matters is that the body got in.
      expect(res.statusCode, type).not.toBe(415);
      expect(res.statusCode, type).toBeLessThan(500);
    }
  });

  it("the test checkout's HTML form posts still go through, and only as a form", async () => {
    const url = `/api/payments/simulated/checkout/sim_cs_${'a'.repeat(24)}/cancel`;
    const form = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    // An unknown session: the page that says so, not a refused body.
    expect(form.statusCode).toBe(404);
    expect(form.headers['content-type']).toContain('text/html');
    const plain = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect415(plain, 'simulated checkout with text/plain');
  });
});

describe('body size', () => {
  it('refuses a body over 100 KB with 413 and a Spanish message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'ana@example.com', password: 'x'.repeat(101 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      success: false,
      message: MSG.payloadTooLarge,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });
});
