import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';
import { describeDbError } from './db-errors';

const REDACTED = '[redactado]';

// Query parameters that carry a credential or personal data: the social-login return puts the
// session token and the user in the URL, e-mailed links carry single-use tokens, and a gift
// e-mail's link carries the gift code (/panel/cuenta?regalo=…).
const SECRET_PARAMS =
  /([?&](?:token|user|code|state|session_id|regalo|password|email|access_token|id_token|refresh_token|client_secret)=)[^&#\s"'<>]*/gi;

/** The URL as it may be written to a log: secrets in the query string replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, `$1${REDACTED}`);
}

/** pino's request serializer: what each request's "request completed" line records. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

// A third party's address (Google, Stripe, a push service) may hold a credential in any
// parameter: an absolute URL inside an error loses its whole query string.
const ABSOLUTE_URL_QUERY = /(\bhttps?:\/\/[^\s?#"'<>]+)\?[^\s#"'<>]*/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
// Stripe-Signature header values (t=…,v1=…).
const STRIPE_SIGNATURE = /\bt=\d+,v\d=[\w,=]+/g;
// Logs name people by id; an address in a library's message is a person's data (decision 0085).
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// Drizzle's "Failed query" text ends with the values it bound.
const BOUND_PARAMS = /(\bparams:\s).*$/gm;

/** Any text bound for a log line, with what could be a credential or an address replaced. */
export function redactText(text: string): string {
  return text
    .replace(ABSOLUTE_URL_QUERY, `$1?${REDACTED}`)
    .replace(SECRET_PARAMS, `$1${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(STRIPE_SIGNATURE, REDACTED)
    .replace(EMAIL, REDACTED)
    .replace(BOUND_PARAMS, `$1${REDACTED}`);
}

// Fields that hold a secret by their name alone, wherever they sit in an error: request and
// response headers, an OAuth library's parameters and bodies, a Stripe signature error's header
// and payload, a query's bound values.
const SECRET_KEYS = new Set([
  'token',
  'state',
  'password',
  'passwordhash',
  'authorization',
  'cookie',
  'set-cookie',
  'stripe-signature',
  'x-telegram-bot-api-secret-token',
  'header',
  'payload',
  'body',
  'parameters',
  'params',
  'secret',
  'client_secret',
  'access_token',
  'id_token',
  'refresh_token',
  'email',
]);
// `code` is a credential in OAuth and a gift, but an error's own code (ECONNREFUSED, 23505,
// OAUTH_INVALID_RESPONSE) is what says what went wrong: kept when it has that shape.
const ERROR_CODE = /^(?:[A-Z][A-Z0-9_]*|[0-9A-Z]{5})$/;
const MAX_DEPTH = 6;

function scrub(value: unknown, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth > MAX_DEPTH) return REDACTED;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrub(item, seen, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const name = key.toLowerCase();
    if (SECRET_KEYS.has(name)) out[key] = REDACTED;
    else if (name === 'code' && !(typeof field === 'string' && ERROR_CODE.test(field)))
      out[key] = typeof field === 'number' ? field : REDACTED;
    else out[key] = scrub(field, seen, depth + 1);
  }
  return out;
}

/** The stack's frames only: its first lines repeat the message. */
function framesOf(stack: string | undefined): string | undefined {
  return stack
    ?.split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/** What an error becomes in a log line (the shape Fastify's logger options ask for). */
export type SerializedError = {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
};

/**
 * pino's `err` serializer for every log line (app.ts): what a library put into an error (a
 * callback URL, a query's bound values, response headers, an OAuth body) is cleaned before it
 * is written, so a log call with `{ err }` cannot leak a token, code, state or address. A
 * database error keeps only its SQLSTATE and cleaned text (describeDbError) and its frames.
 */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: redactText(String(err)), stack: '' };
  }
  const db = describeDbError(err);
  if (db) {
    return { type: err.name, message: db.dbMessage, stack: framesOf(err.stack) ?? '', ...db };
  }
  const { type, message, stack, ...rest } = stdSerializers.err(err);
  const clean = scrub(rest, new WeakSet(), 0);
  return {
    ...(typeof clean === 'object' && clean !== null ? clean : {}),
    type,
    message: redactText(message),
    stack: redactText(stack),
  };
}

/** pino `redact` paths: secret fields a log call might pass at the top of a line or one level
 * down, beside the request's own headers. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["stripe-signature"]',
  'req.headers["x-telegram-bot-api-secret-token"]',
  ...['token', 'password', 'authorization', 'cookie', 'email', 'state'].flatMap((key) => [
    key,
    `*.${key}`,
  ]),
  'headers["stripe-signature"]',
  '*.headers["stripe-signature"]',
  'headers["x-telegram-bot-api-secret-token"]',
  '*.headers["x-telegram-bot-api-secret-token"]',
];
