import {
  ATTRIBUTION_COOKIE,
  ATTRIBUTION_MAX_AGE_SECONDS,
  type Attribution,
  NO_ATTRIBUTION,
  attributionFromQuery,
  decodeAttribution,
  encodeAttribution,
} from '@magotips/contracts/attribution';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * First-visit attribution (issue 33, decision 0118), done by the server so the landing ships no
 * script for it: a page request whose URL carries utm_source, utm_medium, utm_campaign or ref
 * and that has no mt_origen cookie yet gets one for 30 days. First visit wins: a request that
 * already carries the cookie never gets a new one.
 */

/** The raw value of one cookie from the Cookie header. @fastify/cookie is registered per module
 * (auth-cookies.ts), so the hook and the modules that read this cookie parse it themselves. */
function rawCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** A page of the SPA, not the API, an asset or a top-level file (favicon.ico, sw.js…). */
function isPageRequest(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0]!;
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/'))
    return false;
  return !/\.[A-Za-z0-9]+$/.test(pathname);
}

export function registerAttribution(app: FastifyInstance, opts: { isProduction: boolean }) {
  // Callback style, like security.ts's hooks: this runs on every request.
  app.addHook('onRequest', (request, reply, done) => {
    const q = request.url.indexOf('?');
    if (q < 0 || !isPageRequest(request.method, request.url)) return done();
    if (rawCookie(request.headers.cookie, ATTRIBUTION_COOKIE) !== null) return done();
    let found: Attribution | null = null;
    try {
      found = attributionFromQuery(new URLSearchParams(request.url.slice(q + 1)));
    } catch {
      // A malformed query is the page's business, not a reason to fail it.
      found = null;
    }
    if (found) {
      const secure = opts.isProduction ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${ATTRIBUTION_COOKIE}=${encodeAttribution(found)}; Max-Age=${ATTRIBUTION_MAX_AGE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${secure}`,
      );
    }
    done();
  });
}

/** The origin the request's cookie holds, cleaned again (the browser may have changed it);
 * all null without one. */
export function readAttribution(request: FastifyRequest): Attribution {
  const raw = rawCookie(request.headers.cookie, ATTRIBUTION_COOKIE);
  return (raw !== null ? decodeAttribution(raw) : null) ?? { ...NO_ATTRIBUTION };
}

/** Whether the request carried an attribution cookie with anything in it. */
export function hasAttribution(a: Attribution): boolean {
  return (
    a.utmSource !== null || a.utmMedium !== null || a.utmCampaign !== null || a.refCode !== null
  );
}
