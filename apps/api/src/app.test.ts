import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('server skeleton', () => {
  it('reports health with the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers unknown API paths with the Spanish 404 error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-existe' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        message: 'Recurso no encontrado.',
        code: 'NOT_FOUND',
      });
    }
  });

  it('serves the SPA index for deep links, never cached', async () => {
    for (const url of ['/', '/docs', '/panel/cuenta', '/cualquier/ruta']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('does not serve a page for a missing asset or a non-GET method', async () => {
    const post = await t.app.inject({ method: 'POST', url: '/docs' });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe('NOT_FOUND');
  });

  it('sends a strict CSP and other security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
  });

  it('gives every response a request id, keeping a well-formed one from the caller', async () => {
    const own = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
    });
    expect(given.headers['x-request-id']).toBe('req-12345678');
  });

  it('turns malformed JSON into a Spanish 400, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-existe',
      headers: { 'content-type': 'application/json' },
      payload: '{"roto":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Datos inválidos. Por favor, verifica la información ingresada.',
      code: 'BAD_REQUEST',
    });
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/tips/preview']),
    );
  });
});

describe('health when the database is down', () => {
  it('answers 503', async () => {
    const down = await buildTestApp();
    await down.database.close();
    const res = await down.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'error' });
    await down.app.close();
  });
});
