import { readAttribution } from '../../plugins/attribution';
import { ZAuthResponse } from '@magotips/contracts/auth';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  GOOGLE_AUTH_MESSAGES,
  GOOGLE_CODE_INVALID_TEXT,
  GOOGLE_START_FAILED_CODE,
  type GoogleAuthErrorCode,
} from '@magotips/contracts/google-auth';
import { ZGoogleExchangeRequest } from '@magotips/contracts/google-exchange';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { byIp, type RateLimitRule } from '../../plugins/rate-limit';
import { sessionMeta } from './auth-route-parts';
import { bindingCookieOptions, readSignedCookie, useSignedCookies } from './auth-cookies';
import { createGoogleAuthService } from './google-auth.service';
import { createGoogleLoginCodes, GOOGLE_CODE_TTL_MS } from './google-login-codes';
import { createSessionsService } from './sessions.service';
import {
  decodePendingLogin,
  encodePendingLogin,
  GOOGLE_LOGIN_COOKIE,
  GOOGLE_LOGIN_COOKIE_PATH,
  GOOGLE_LOGIN_TTL_MS,
  GOOGLE_COOKIE_PURPOSE,
} from './google-login-cookie';
import { createGoogleOidcClient, type GoogleOidcClient } from './google-oidc';
import { createGooglePeople } from './google-people';
import { GoogleProviderError } from './google-provider-error';
import { signUpLocale } from '../users/user-locale';

const MINUTE = 60_000;

/** Per IP. Each start is a redirect, each callback a token exchange, a People API call and a
 * database write: generous for a person (or an office behind one address), not for a script. */
export const GOOGLE_AUTH_LIMITS = {
  start: [{ name: 'google-start:ip', max: 30, windowMs: 10 * MINUTE, subject: byIp }],
  callback: [{ name: 'google-callback:ip', max: 30, windowMs: 10 * MINUTE, subject: byIp }],
  // A code is 256 random bits and needs its browser's cookie: this only caps the work per caller.
  exchange: [{ name: 'google-exchange:ip', max: 30, windowMs: 10 * MINUTE, subject: byIp }],
} satisfies Record<string, RateLimitRule[]>;

/** Where a start that cannot begin sends the browser: the login page shows SPEC.md §8's
 * 'Error iniciando autenticación con Google…' for this code. */
const START_FAILED_URL = `/login?error=${GOOGLE_START_FAILED_CODE}`;

/** The binding secret rides in the same signed cookie as the OAuth state, marked apart so the
 * callback never reads it as a pending login (docs/decisions/0032). */
const BINDING_PREFIX = 'b.';

function callbackError(code: GoogleAuthErrorCode): string {
  return `/auth/callback?error=${code}&message=${encodeURIComponent(GOOGLE_AUTH_MESSAGES[code])}`;
}

/** The Location carries a one-time code: no cache may keep it. */
function redirect(reply: FastifyReply, url: string): FastifyReply {
  return reply.header('cache-control', 'no-store').redirect(url, 302);
}

function logFailure(log: FastifyBaseLogger, err: unknown, step: string): void {
  if (err instanceof GoogleProviderError) {
    log.warn({ err: err.cause ?? err, reason: err.reason, step }, 'Google sign-in failed');
  } else {
    log.error({ err, step }, 'Google sign-in failed');
  }
}

/** The query string of the request as the provider sent it. */
function queryOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
}

/**
 * GET /api/auth/google sends the browser to Google; GET /api/auth/google/callback finishes and
 * sends it to the SPA's /auth/callback with a one-time code or an error code. Both always answer
 * a redirect, whatever happens, so the button can never leave the person on a JSON page. The SPA
 * trades the code with POST /api/auth/google/exchange: no session token ever travels in a URL.
 */
export async function googleAuthRoutes(parent: FastifyInstance, deps: ModuleDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // This module's own cookies and key (the sign-up's binding has its own: auth.routes.ts).
  await useSignedCookies(app, deps.config.jwtSecret, GOOGLE_COOKIE_PURPOSE);

  const { google, appUrl, isProduction } = deps.config;
  const client: GoogleOidcClient | null =
    google.clientId && google.clientSecret
      ? createGoogleOidcClient({
          issuer: google.issuer,
          clientId: google.clientId,
          clientSecret: google.clientSecret,
          redirectUri: `${appUrl}/api/auth/google/callback`,
          allowHttp: !isProduction && new URL(google.issuer).protocol === 'http:',
        })
      : null;
  const service = createGoogleAuthService({
    db: deps.db,
    users: deps.users,
    clock: deps.clock,
    people: createGooglePeople(google.peopleApiUrl),
    sessions: createSessionsService({
      db: deps.db,
      tokens: deps.tokens,
      clock: deps.clock,
      readCache: deps.readCache,
    }),
  });
  const codes = createGoogleLoginCodes(deps.db);
  const notConfigured = 'GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is not set';

  // Lax: the callback is a top-level GET navigation coming from Google's site.
  const cookieOptions = bindingCookieOptions(GOOGLE_LOGIN_COOKIE_PATH, isProduction);

  app.get(
    '/api/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Inicia el acceso con Google (redirige al proveedor)',
        description:
          'Parámetros opcionales `country` (código de contracts u OTHER) y `timeZone` (zona IANA) del navegador: si el acceso crea la cuenta, la cuenta los toma (decisión 0114). Un valor inválido se ignora (España y Madrid, o el país de la zona), nunca impide el acceso.',
      },
      ...deps.rateLimiter.hooks(GOOGLE_AUTH_LIMITS.start),
      // A refusal of the rate limiter (or anything unexpected) still answers a redirect.
      errorHandler: (err, request, reply) => {
        logFailure(request.log, err, 'start');
        void redirect(reply, START_FAILED_URL);
      },
    },
    async (request, reply) => {
      if (!client) {
        request.log.warn({ reason: notConfigured }, 'Google sign-in is not configured');
        return redirect(reply, START_FAILED_URL);
      }
      try {
        const { url, pending } = await client.start();
        // The browser's country and zone ride in the signed state cookie to the callback, for
        // the account it may create; anything invalid is dropped, never refused.
        const query = queryOf(request);
        const locale = signUpLocale(query.get('country'), query.get('timeZone'));
        const cookie = encodePendingLogin(pending, deps.clock(), locale);
        reply.setCookie(GOOGLE_LOGIN_COOKIE, cookie, {
          ...cookieOptions,
          signed: true,
          maxAge: GOOGLE_LOGIN_TTL_MS / 1000,
        });
        return redirect(reply, url.href);
      } catch (err) {
        logFailure(request.log, err, 'start');
        return redirect(reply, START_FAILED_URL);
      }
    },
  );

  app.get(
    '/api/auth/google/callback',
    {
      schema: {
        tags: ['auth'],
        summary: 'Vuelta de Google: redirige a /auth/callback con la sesión o un código de error',
      },
      ...deps.rateLimiter.hooks(GOOGLE_AUTH_LIMITS.callback),
      errorHandler: (err, request, reply) => {
        logFailure(request.log, err, 'callback');
        void redirect(reply, callbackError('google_auth_failed'));
      },
    },
    async (request, reply) => {
      // Single use: whatever happens next, this attempt's state is spent.
      const raw = request.cookies[GOOGLE_LOGIN_COOKIE];
      const value = readSignedCookie(request, GOOGLE_LOGIN_COOKIE);
      reply.clearCookie(GOOGLE_LOGIN_COOKIE, cookieOptions);
      const fail = (reason: string) => {
        request.log.warn({ reason, step: 'callback' }, 'Google sign-in failed');
        return redirect(reply, callbackError('google_auth_failed'));
      };

      if (!client) return fail(notConfigured);
      if (!raw) return fail('login cookie missing (expired, or the flow was not started here)');
      if (value === null) return fail('login cookie signature invalid');
      const pending = decodePendingLogin(value, deps.clock());
      if (!pending) return fail('login cookie malformed or older than 10 minutes');

      try {
        const { identity, accessToken } = await client.finish(queryOf(request), pending.login);
        const outcome = await service.signIn(
          identity,
          accessToken,
          pending.locale,
          readAttribution(request),
        );
        if (!outcome.ok) {
          request.log.info(
            { code: outcome.code, reason: outcome.reason },
            'Google sign-in refused',
          );
          return redirect(reply, callbackError(outcome.code));
        }
        request.log.info({ userId: outcome.userId, created: outcome.created }, 'Google sign-in');
        const { code, binding } = await codes.issue(outcome.userId, deps.clock());
        reply.setCookie(GOOGLE_LOGIN_COOKIE, BINDING_PREFIX + binding, {
          ...cookieOptions,
          signed: true,
          maxAge: GOOGLE_CODE_TTL_MS / 1000,
        });
        return redirect(reply, `/auth/callback?code=${encodeURIComponent(code)}`);
      } catch (err) {
        logFailure(request.log, err, 'callback');
        return redirect(reply, callbackError('google_auth_failed'));
      }
    },
  );

  const invalidCode = () =>
    new AppError(ERROR_CODES.googleCodeInvalid, 400, GOOGLE_CODE_INVALID_TEXT);

  app.post(
    '/api/auth/google/exchange',
    {
      config: { leavesReadsAlone: true },
      schema: {
        tags: ['auth'],
        summary:
          'Canjea el código de un solo uso de /auth/callback (60 s, solo en el navegador que terminó el acceso con Google) por la sesión',
        body: ZGoogleExchangeRequest,
        response: { 200: ZAuthResponse, 400: ZErrorResponse, 429: ZErrorResponse },
      },
      ...deps.rateLimiter.hooks(GOOGLE_AUTH_LIMITS.exchange),
    },
    async (request, reply) => {
      const value = readSignedCookie(request, GOOGLE_LOGIN_COOKIE);
      // Spent whatever happens: a binding is good for one try.
      reply.clearCookie(GOOGLE_LOGIN_COOKIE, cookieOptions);
      if (!value?.startsWith(BINDING_PREFIX)) {
        request.log.warn({ reason: 'binding cookie missing or invalid' }, 'Google code refused');
        throw invalidCode();
      }
      const userId = await codes.redeem(
        request.body.code,
        value.slice(BINDING_PREFIX.length),
        deps.clock(),
      );
      if (!userId) {
        request.log.warn(
          { reason: 'code unknown, spent, expired or bound elsewhere' },
          'Google code refused',
        );
        throw invalidCode();
      }
      const session = await service.startSession(userId, sessionMeta(request));
      if (!session) throw invalidCode();
      // A session token in the body: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...session };
    },
  );
}
