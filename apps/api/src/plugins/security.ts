import { ZErrorResponse } from '@magotips/contracts/error-response';
import helmet from 'helmet';
import { MSG } from '@magotips/contracts/messages';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { AppError } from '../lib/app-error';

type HelmetRequest = Parameters<ReturnType<typeof helmet>>[0];
type HelmetResponse = Parameters<ReturnType<typeof helmet>>[1];

/**
 * The headers helmet sets with this service's options, asked of helmet once at start.
 * @fastify/helmet (DESIGN.md's choice) rebuilt helmet's middleware on every request, a tenth of
 * a cached read's CPU; the values are helmet's own either way (docs/decisions/0019).
 */
export function securityHeaders(opts: { isProduction: boolean }): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      // The SPA is built without inline scripts or style elements, so the policy can stay strict.
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Tokens travel in the URL on the social-login return: never send the path elsewhere.
    referrerPolicy: { policy: 'same-origin' },
    // Only in production: on http://localhost it would pin browsers to https for a year.
    strictTransportSecurity: opts.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  })({} as HelmetRequest, response as unknown as HelmetResponse, () => undefined);
  return headers;
}

/** Whether a parsed input (JSON body, query, path parameters) holds "\u0000" in any string or key. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Buffers (the Stripe webhook's raw body) are bytes, not text: their route checks them.
  if (value === null || typeof value !== 'object' || depth > 64 || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(v, depth + 1)) return true;
  }
  return false;
}

/**
 * The headers every answer carries: helmet's, and the request id a caller can quote. One
 * callback hook for both (each hook is a step of every request, cached reads included), with
 * helmet's names and values computed once.
 */
export function registerResponseHeaders(app: FastifyInstance, opts: { isProduction: boolean }) {
  const headers = securityHeaders(opts);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}

/** Whether a request can carry a NUL at all: parameters and queries are decoded from the URL,
 * where "\u0000" can only arrive escaped (a raw NUL byte is refused by the HTTP parser). */
function mayHoldNul(request: FastifyRequest): boolean {
  return request.body !== undefined || request.url.includes('%');
}

export function registerSecurity(app: FastifyInstance, opts: { isProduction: boolean }) {
  registerResponseHeaders(app, opts);
  // PostgreSQL cannot store "\u0000" in text: a query carrying one failed as a 500. One check
  // for every route, after parsing and before validation, covers each kind of input at once. It
  // runs after the route's own preValidation guards, so a caller without access still gets 401/403
  // and learns nothing about the inputs (docs/decisions/0016).
  const refuseNul: preValidationHookHandler = (request, _reply, done) => {
    if (
      mayHoldNul(request) &&
      (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
    ) {
      done(new AppError(ERROR_CODES.validation, 400, MSG.nulCharacter));
      return;
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    const own = route.preValidation;
    route.preValidation =
      own === undefined ? [refuseNul] : [...(Array.isArray(own) ? own : [own]), refuseNul];
  });
}

const ZUnsupportedMediaTypeResponse = ZErrorResponse.describe(MSG.unsupportedMediaType);

/**
 * Request bodies are JSON only. Fastify also parses text/plain by default, which would hand a
 * route a string, and a cross-site form can send text/plain without any CORS preflight. With
 * the parser gone, text/plain, like form, multipart or a body without a type, is refused with
 * 415 before the route runs. The Stripe webhook (raw bytes) and the test checkout's HTML form
 * (urlencoded) add their own parsers in their own contexts. Call before registering routes:
 * child contexts copy the parsers and hooks they are created with.
 */
export function acceptJsonBodiesOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // The OpenAPI document lists the 415 on every route that reads a JSON body.
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const response = (route.schema.response ?? {}) as Record<string, unknown>;
    route.schema.response = { ...response, 415: ZUnsupportedMediaTypeResponse };
  });
}
