// How the built client is served: each public page's HTML announces that page's files, and
// text files go out as the build compressed them.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_META } from '@magotips/contracts/page-meta';
import { buildTestApp, type TestApp } from '../test/test-app';

const INDEX =
  '<!doctype html><html lang="es"><head><title>MagoTips</title><meta name="description" content="Tips." /></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const SUPPORT_META = '<meta name="magotips:support-email" content="ayuda@magotips.example">';
const LANDING = '<div class="app-shell"><h1>El mago de los pronósticos deportivos</h1></div>';
let t: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'magotips-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'sw.js'), "self.addEventListener('push', () => {});");
  writeFileSync(path.join(dist, 'assets/login-page-abc.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets/login-page-abc.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets/login-page-abc.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(dist, '.vite/visitor-landing.html'), LANDING);
  writeFileSync(
    path.join(dist, '.vite/route-preloads.json'),
    JSON.stringify({
      '/login': ['/assets/auth-abc.css', '/assets/login-page-abc.js', 'javascript:alert(1)'],
      '/': ['/api/tips/preview'],
    }),
  );
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist, SUPPORT_EMAIL: 'ayuda@magotips.example' } });
});
afterAll(() => t.close());

describe('serving the built client', () => {
  it("announces a public page's own script and CSS in its HTML, and nothing that is not an asset", async () => {
    const res = await t.app.inject({ url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/login-page-abc.js">',
    );
    expect(res.body).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/auth-abc.css">',
    );
    expect(res.body).not.toContain('javascript:');
  });

  it("sends /historial with its own <title> and one meta description, other pages the site's", async () => {
    for (const route of ['/historial', '/historial/registro']) {
      const res = await t.app.inject({ url: `${route}?deporte=football` });
      const meta = PAGE_META[route];
      expect(res.body).toContain(`<title>${meta?.title}</title>`);
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
      expect(res.body).toContain(`content="${meta?.description}"`);
    }
    const login = await t.app.inject({ url: '/login' });
    expect(login.body).toContain('<title>MagoTips</title>');
    expect(login.body).toContain('content="Tips."');
  });

  it('sends the service worker uncached, so a new push handler reaches browsers at once', async () => {
    const res = await t.app.inject({ url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("starts the landing's first API read with the HTML", async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/tips/preview">',
    );
  });

  it("sends a visitor's '/' with the landing drawn inside #root, and only there", async () => {
    for (const url of ['/', '/?next=/tip/1']) {
      const res = await t.app.inject({ url });
      expect(res.body).toContain(`<div id="root">${LANDING}</div>`);
    }
    for (const url of ['/login', '/panel/cuenta']) {
      const res = await t.app.inject({ url });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(LANDING);
    }
  });

  it('leaves the visitor read and the visitor landing out for a browser that holds a session (the signed-in hint cookie)', async () => {
    const res = await t.app.inject({ url: '/', headers: { cookie: 'other=2; mt_signed_in=1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('/api/tips/preview');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(SUPPORT_META);
    expect(res.headers.vary).toContain('cookie');
    const login = await t.app.inject({ url: '/login', headers: { cookie: 'mt_signed_in=1' } });
    expect(login.body).toContain('/assets/login-page-abc.js');
  });

  it('sends the page compressed as the browser accepts, and plain index.html elsewhere', async () => {
    const br = await t.app.inject({
      url: '/login',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('login-page-abc.js');
    const gz = await t.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('login-page-abc.js');
    const other = await t.app.inject({ url: '/panel/cuenta' });
    expect(other.body).toBe(INDEX.replace('</head>', `  ${SUPPORT_META}\n  </head>`));
  });

  it('tells every page where support answers (SUPPORT_EMAIL), escaped as an attribute', async () => {
    for (const url of ['/', '/login', '/panel/cuenta', '/tip/x']) {
      expect((await t.app.inject({ url })).body).toContain(SUPPORT_META);
    }
  });

  it("serves an asset's pre-compressed file with the year-long cache", async () => {
    const res = await t.app.inject({
      url: '/assets/login-page-abc.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });
});
