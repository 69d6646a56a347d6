import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, statusDefaultMessage } from '@magotips/contracts/http-errors';
import { PAGE_META, type PageMeta } from '@magotips/contracts/page-meta';
import { hasSignedInHint } from '@magotips/contracts/signed-in-hint';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Written by the web build (apps/web/vite.config.ts): page path → the chunks and CSS of that
 * page beyond what index.html loads. */
const ROUTE_PRELOADS_FILE = path.join('.vite', 'route-preloads.json');
/** Written by the web build too (apps/web/vite-plugins/prerender-visitor-landing.ts): the visitor
 * landing rendered to HTML, sent inside #root so its first screen paints before the scripts run. */
const VISITOR_LANDING_FILE = path.join('.vite', 'visitor-landing.html');
const EMPTY_ROOT = '<div id="root"></div>';
const ASSET_URL = /^\/assets\/[\w.-]+\.(js|css)$/;
const API_URL = /^\/api\/[\w/-]+$/;

function preloadLink(url: string): string | null {
  if (API_URL.test(url)) return `<link rel="preload" as="fetch" crossorigin href="${url}">`;
  if (!ASSET_URL.test(url)) return null;
  // A page's own CSS is fetched now but does not hold the first paint (the shell needs only the
  // entry's CSS): the page's chunk applies it before drawing anything of the page.
  // fetchpriority="low": fetched at once, but after the entry's script and CSS, which the first
  // paint needs and the page's chunk cannot run without anyway. At their default priority
  // (High, VeryHigh for a style) they competed with the entry and Lighthouse counted them as
  // render-blocking: /login's simulated first paint waited for ~35 KB more than '/'.
  return url.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${url}">`
    : `<link rel="modulepreload" crossorigin fetchpriority="low" href="${url}">`;
}

type Page = { html: string; br(): Buffer; gzip(): Buffer };

/** Compressed once, when first asked for (@fastify/compress does not see not-found handler
 * replies): Brotli at its best level for the ~20 page variants took ~165 ms of every start. */
function page(html: string): Page {
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    br: () => (br ??= brotliCompressSync(html)),
    gzip: () => (gzip ??= gzipSync(html)),
  };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** What the client reads from the page rather than from a build: settings of this deployment
 * (apps/web/src/lib/site-settings.ts). */
function settingsMeta(settings: WebClientSettings): string {
  return `<meta name="magotips:support-email" content="${escapeAttribute(settings.supportEmail)}">`;
}

/** index.html with the page's own <title> and description in place of the site's: one of each. */
function withMeta(html: string, meta: PageMeta | undefined): string {
  if (!meta) return html;
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(meta.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeAttribute(meta.description)}" />`,
    );
}

/** A page for visitors and one for signed-in browsers: only visitors get the API reads announced,
 * since those are the visitor pages' first reads (the signed-in home starts with others). */
type RoutePage = { visitor: Page; signedIn: Page };

function readVisitorLanding(webDistDir: string): string {
  const file = path.join(webDistDir, VISITOR_LANDING_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** index.html for each listed page, announcing that page's chunk and CSS (and the API read it
 * starts with) so the browser fetches them together with the entry rather than after it. A
 * visitor's '/' also carries the landing itself; a signed-in browser's does not, since its home
 * is another page (the app would draw the visitor landing first and then replace it). */
function routePages(webDistDir: string, indexHtml: string): Map<string, RoutePage> {
  const pages = new Map<string, RoutePage>();
  const file = path.join(webDistDir, ROUTE_PRELOADS_FILE);
  const routes = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>)
    : {};
  const visitorLanding = readVisitorLanding(webDistDir);
  const withLinks = (html: string, urls: string[], content = '') => {
    const links = urls
      .map(preloadLink)
      .filter((link) => link !== null)
      .join('\n    ');
    const head = links ? html.replace('</head>', `  ${links}\n  </head>`) : html;
    return page(content ? head.replace(EMPTY_ROOT, `<div id="root">${content}</div>`) : head);
  };
  for (const [route, assets] of Object.entries(routes)) {
    const html = withMeta(indexHtml, PAGE_META[route]);
    pages.set(route, {
      visitor: withLinks(html, assets, route === '/' ? visitorLanding : ''),
      signedIn: withLinks(
        html,
        assets.filter((url) => !API_URL.test(url)),
      ),
    });
  }
  // Pages with their own <head> and no chunks announced get theirs too.
  for (const [route, meta] of Object.entries(PAGE_META)) {
    if (pages.has(route)) continue;
    const only = page(withMeta(indexHtml, meta));
    pages.set(route, { visitor: only, signedIn: only });
  }
  return pages;
}

export type WebClientSettings = { supportEmail: string };

/** Serves the built SPA: hashed assets cached for a year, index.html for every other GET so
 * deep links work, and a JSON 404 for unknown API paths. Text files are sent as the build
 * compressed them (`file.br` / `file.gz` beside each, Brotli at its best level), which is both
 * smaller and cheaper than compressing every response; files without them fall back to
 * @fastify/compress. */
export async function registerWebClient(
  app: FastifyInstance,
  opts: { webDistDir: string; settings: WebClientSettings },
) {
  const indexFile = path.join(opts.webDistDir, 'index.html');
  const hasClient = existsSync(indexFile);
  // Read once, like the asset routes below: a new build is served by a restarted server.
  const indexHtml = hasClient
    ? readFileSync(indexFile, 'utf8').replace(
        '</head>',
        `  ${settingsMeta(opts.settings)}\n  </head>`,
      )
    : '';
  const pages = hasClient ? routePages(opts.webDistDir, indexHtml) : new Map<string, RoutePage>();
  const anyPage = page(indexHtml);

  if (hasClient) {
    const setHeaders = (
      res: { header(name: string, value: string): unknown },
      filePath: string,
    ) => {
      // With preCompressed the path is the .br/.gz sibling that is being sent.
      const rel = path.relative(opts.webDistDir, filePath).replace(/\.(br|gz)$/, '');
      if (rel.startsWith(`assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
      // The service worker too: a fixed one would keep old push handling for an hour.
      else if (rel === 'index.html' || rel === 'sw.js') res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
    };
    // The hashed build output behind one wildcard route. A route per file (wildcard: false)
    // meant ~380 routes set up at every start, ~220 ms of a cold start; a missing asset still
    // reaches the not-found handler below.
    await app.register(fastifyStatic, {
      root: path.join(opts.webDistDir, 'assets'),
      prefix: '/assets/',
      index: false,
      preCompressed: true,
      setHeaders,
    });
    // The few files at the top (favicon, robots.txt, sw.js…), one route each, so that every
    // other path stays free for the SPA's deep links.
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['assets/**'],
      decorateReply: false,
      setHeaders,
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web client not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !hasClient) {
      return reply.status(404).send({
        success: false,
        message: statusDefaultMessage(404),
        code: ERROR_CODES.notFound,
      });
    }
    reply.status(200).header('cache-control', 'no-cache');
    const pathname = request.url.split('?')[0]!.replace(/(.)\/$/, '$1');
    const route = pages.get(pathname);
    const found = route
      ? hasSignedInHint(request.headers.cookie)
        ? route.signedIn
        : route.visitor
      : anyPage;
    reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding, cookie');
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(found.br());
    if (/\bgzip\b/.test(accepted))
      return reply.header('content-encoding', 'gzip').send(found.gzip());
    return reply.send(found.html);
  });
}
