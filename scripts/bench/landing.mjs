// The landing's JavaScript: what a browser really loads to show `/`, gzip-sized.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../build-steps.mjs';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function chromiumPath() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
}

/** Every script response Chromium receives for `/`, gzip-compressed as the server sends it. */
export async function landingJs(url) {
  const exe = chromiumPath();
  if (!exe) return staticLandingJs();
  const { chromium } = await import('playwright-core');
  const profile = mkdtempSync(path.join(tmpdir(), 'magotips-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: exe, args: CHROMIUM_FLAGS });
  try {
    const files = [];
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') files.push(res);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const sizes = [];
    for (const res of files) {
      const body = await res.body();
      sizes.push({ file: new URL(res.url()).pathname, raw: body.length, gzip: gzipSync(body).length });
    }
    return { method: 'chromium', files: sizes, gzip: sizes.reduce((a, s) => a + s.gzip, 0) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** Without Chromium: the scripts index.html names. */
function staticLandingJs() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const sizes = refs.map((file) => {
    const body = readFileSync(path.join(dist, file));
    return { file, raw: body.length, gzip: gzipSync(body).length };
  });
  return { method: 'static (index.html references)', files: sizes, gzip: sizes.reduce((a, s) => a + s.gzip, 0) };
}
