import cookie from '@fastify/cookie';
import {
  GOOGLE_AUTH_MESSAGES,
  type GoogleAuthErrorCode,
} from '@magotips/contracts/google-auth';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { byIp, type RateLimitRule } from '../../plugins/rate-limit';
import { createGoogleAuthService } from './google-auth.service';
import {
  decodePendingLogin,
  encodePendingLogin,
  GOOGLE_LOGIN_COOKIE,
  GOOGLE_LOGIN_COOKIE_PATH,
  GOOGLE_LOGIN_TTL_MS,
  googleCookieSecret,
} from './google-login-cookie';
import { createGoogleOidcClient, type GoogleOidcClient } from './google-oidc';
import { createGooglePeople } from './google-people';
import { GoogleProviderError } from './google-provider-error';

const MINUTE = 60_000;

/** Per IP. Each start is a redirect, each callback a token exchange, a People API call and a
 * database write: generous for a person (or an office behind one address), not for a script. */
export const GOOGLE_AUTH_LIMITS = {
  start: [{ name: 'google-start:ip', max: 30, windowMs: 10 * MINUTE, subject: byIp }],
  callback: [{ name: 'google-callback:ip', max: 30, windowMs: 10 * MINUTE, subject: byIp }],
} satisfies Record<string, RateLimitRule[]>;

/** Where a start that cannot begin sends the browser: the login page explains. */
const LOGIN_FAILED_URL = '/login?error=google_auth_failed';

function callbackError(code: GoogleAuthErrorCode): string {
  return `/auth/callback?error=${code}&message=${encodeURIComponent(GOOGLE_AUTH_MESSAGES[code])}`;
}

/** The Location carries a session token: no cache may keep it. */
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
 * sends it to the SPA's /auth/callback with a session or an error code. Both always answer a
 * redirect, whatever happens, so the button can never leave the person on a JSON page.
 */
export async function googleAuthRoutes(app: FastifyInstance, deps: ModuleDeps) {
  // Registered inside this module only: no other route reads or sets cookies.
  await app.register(cookie, { secret: googleCookieSecret(deps.config.jwtSecret) });

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
    tokens: deps.tokens,
    clock: deps.clock,
    people: createGooglePeople(google.peopleApiUrl),
  });
  const notConfigured = 'GOOGLE_CLIENT_ID or GOOGLE_CLIENT_SECRET is not set';

  const cookieOptions = {
    path: GOOGLE_LOGIN_COOKIE_PATH,
    httpOnly: true,
    // Lax: the callback is a top-level GET navigation coming from Google's site.
    sameSite: 'lax' as const,
    secure: isProduction,
  };

  app.get(
    '/api/auth/google',
    {
      schema: { tags: ['auth'], summary: 'Inicia el acceso con Google (redirige al proveedor)' },
      ...deps.rateLimiter.hooks(GOOGLE_AUTH_LIMITS.start),
      // A refusal of the rate limiter (or anything unexpected) still answers a redirect.
      errorHandler: (err, request, reply) => {
        logFailure(request.log, err, 'start');
        void redirect(reply, LOGIN_FAILED_URL);
      },
    },
    async (request, reply) => {
      if (!client) {
        request.log.warn({ reason: notConfigured }, 'Google sign-in is not configured');
        return redirect(reply, LOGIN_FAILED_URL);
      }
      try {
        const { url, pending } = await client.start();
        reply.setCookie(GOOGLE_LOGIN_COOKIE, encodePendingLogin(pending, deps.clock()), {
          ...cookieOptions,
          signed: true,
          maxAge: GOOGLE_LOGIN_TTL_MS / 1000,
        });
        return redirect(reply, url.href);
      } catch (err) {
        logFailure(request.log, err, 'start');
        return redirect(reply, LOGIN_FAILED_URL);
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
      reply.clearCookie(GOOGLE_LOGIN_COOKIE, cookieOptions);
      const fail = (reason: string) => {
        request.log.warn({ reason, step: 'callback' }, 'Google sign-in failed');
        return redirect(reply, callbackError('google_auth_failed'));
      };

      if (!client) return fail(notConfigured);
      if (!raw) return fail('login cookie missing (expired, or the flow was not started here)');
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || unsigned.value === null) return fail('login cookie signature invalid');
      const pending = decodePendingLogin(unsigned.value, deps.clock());
      if (!pending) return fail('login cookie malformed or older than 10 minutes');

      try {
        const { identity, accessToken } = await client.finish(queryOf(request), pending);
        const outcome = await service.signIn(identity, accessToken);
        if (!outcome.ok) {
          request.log.info({ code: outcome.code, reason: outcome.reason }, 'Google sign-in refused');
          return redirect(reply, callbackError(outcome.code));
        }
        request.log.info({ userId: outcome.user._id, created: outcome.created }, 'Google sign-in');
        const user = encodeURIComponent(JSON.stringify(outcome.user));
        return redirect(reply, `/auth/callback?token=${encodeURIComponent(outcome.token)}&user=${user}`);
      } catch (err) {
        logFailure(request.log, err, 'callback');
        return redirect(reply, callbackError('google_auth_failed'));
      }
    },
  );
}
