import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import type { Database } from './db/database';

// HSTS tells browsers to use HTTPS only, for a year, on every subdomain. Sent from
// http://localhost it would pin the developer's browser to an HTTPS localhost that does not
// exist, so only production sends it.
const ONE_YEAR = 31_536_000;

let database: Database;
const apps: TestApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await database.close();
});

async function appFor(nodeEnv: 'production' | 'development' | 'test'): Promise<TestApp> {
  // Quiet: outside `test` the default level would print every request.
  // Production refuses to start without mail settings, the ledger's key and the receipts'
  // seller; nothing is sent here.
  const mail: Record<string, string> =
    nodeEnv === 'production'
      ? {
          SMTP_URL: 'smtp://127.0.0.1:1',
          MAIL_FROM: 'MagoTips <a@magotips.test>',
          LEDGER_PRIVATE_KEY: 'A'.repeat(43),
          APP_URL: 'https://magotips.test',
          SELLER_NAME: 'MagoTips S.L.',
          SELLER_TAX_ID: 'B12345674',
          SELLER_ADDRESS: 'Calle 1, Madrid',
        }
      : {};
  const t = await buildTestApp({
    database,
    env: { NODE_ENV: nodeEnv, LOG_LEVEL: 'silent', ...mail },
  });
  apps.push(t);
  return t;
}

function hstsOf(header: unknown): { maxAge: number; includeSubDomains: boolean } {
  const value = String(header);
  const maxAge = Number(/max-age=(\d+)/.exec(value)?.[1] ?? Number.NaN);
  return { maxAge, includeSubDomains: /(^|;\s*)includeSubDomains(;|$)/.test(value) };
}

describe('Strict-Transport-Security', () => {
  it('is sent in production on pages and API answers, for at least a year with subdomains', async () => {
    const t = await appFor('production');
    for (const url of ['/', '/api/health', '/api/no-existe']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeDefined();
      const hsts = hstsOf(res.headers['strict-transport-security']);
      expect(hsts.maxAge, url).toBeGreaterThanOrEqual(ONE_YEAR);
      expect(hsts.includeSubDomains, url).toBe(true);
    }
    // Production also asks browsers to upgrade any stray http:// subresource.
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it.each(['development', 'test'] as const)(
    'is not sent in %s (plain http://localhost)',
    async (nodeEnv) => {
      const t = await appFor(nodeEnv);
      for (const url of ['/', '/api/health']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBeUndefined();
        expect(String(res.headers['content-security-policy'])).not.toContain(
          'upgrade-insecure-requests',
        );
      }
    },
  );
});

describe('the whole header set (helmet asked once, docs/decisions/0019)', () => {
  const CSP =
    "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";
  const COMMON = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('is exactly this in production, on a page and on an API answer', async () => {
    const t = await appFor('production');
    for (const url of ['/', '/api/health']) {
      const res = await t.app.inject({ url });
      expect(res.headers).toMatchObject({
        ...COMMON,
        'content-security-policy': `${CSP};upgrade-insecure-requests`,
        'strict-transport-security': `max-age=${ONE_YEAR}; includeSubDomains`,
      });
    }
  });

  it('is the same without HSTS or the https upgrade in development', async () => {
    const res = await (await appFor('development')).app.inject({ url: '/api/health' });
    expect(res.headers).toMatchObject({ ...COMMON, 'content-security-policy': CSP });
    expect(res.headers).not.toHaveProperty('strict-transport-security');
  });
});
