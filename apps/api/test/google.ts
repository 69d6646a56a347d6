import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type MutableToken, OAuth2Server } from 'oauth2-mock-server';
import { randomIp } from './auth';

export const GOOGLE_CLIENT_ID = 'magotips-test-client.apps.googleusercontent.com';
export const GOOGLE_CLIENT_SECRET = 'test-google-client-secret';
export const GOOGLE_LOGIN_COOKIE = 'magotips_google_login';

/** Who the next sign-in is, as the provider's ID token will say. */
export type GoogleProfile = {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** Claims forced into the ID token after the real ones (a wrong aud, iss or nonce). */
  idToken?: Record<string, unknown>;
  /** Header fields forced into the ID token (a kid the provider's JWKS does not hold). */
  idTokenHeader?: Record<string, string>;
};

export type PeopleAnswer = { status: number; body: unknown };

/** A People API answer with one birthday (YYYY-MM-DD), as Google sends it. */
export function peopleBirthday(iso: string): PeopleAnswer {
  const [year, month, day] = iso.split('-').map(Number);
  return {
    status: 200,
    body: {
      resourceName: 'people/me',
      etag: 'etag',
      birthdays: [
        {
          metadata: { primary: true, source: { type: 'PROFILE', id: '1' } },
          date: { year, month, day },
        },
      ],
    },
  };
}

export function newGoogleProfile(patch: Partial<GoogleProfile> = {}): GoogleProfile {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `google-${id}`,
    email: `g-${id}@example.com`,
    emailVerified: true,
    givenName: 'Lucía',
    familyName: 'Gómez',
    ...patch,
  };
}

export type GoogleDoubles = {
  issuer: string;
  peopleApiUrl: string;
  /** The identity the provider puts in its next tokens. */
  profile: GoogleProfile;
  people: PeopleAnswer;
  /** Authorization headers the People API double received, in order. */
  peopleAuthorizations: string[];
  env(): Record<string, string>;
  close(): Promise<void>;
};

/** oauth2-mock-server as Google's OpenID provider and a node:http People API double, both on
 * loopback and random ports, in this process. */
export async function startGoogleDoubles(): Promise<GoogleDoubles> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  // It would name itself "localhost", which may resolve to ::1 where nothing listens.
  provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;

  const doubles: GoogleDoubles = {
    issuer: provider.issuer.url ?? '',
    peopleApiUrl: '',
    profile: newGoogleProfile(),
    people: peopleBirthday('1990-05-04'),
    peopleAuthorizations: [],
    env() {
      return {
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET,
        GOOGLE_ISSUER: this.issuer,
        GOOGLE_PEOPLE_API_URL: this.peopleApiUrl,
      };
    },
    async close() {
      await provider.stop();
      await new Promise<void>((resolve) => people.close(() => resolve()));
    },
  };

  // Both tokens of the code exchange pass here; the ID token is the one with an audience.
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    const p = doubles.profile;
    token.payload.sub = p.sub;
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, {
      email: p.email,
      email_verified: p.emailVerified,
      given_name: p.givenName,
      family_name: p.familyName,
      name: [p.givenName, p.familyName].filter(Boolean).join(' ') || undefined,
      ...p.idToken,
    });
    Object.assign(token.header, p.idTokenHeader);
  });

  const people = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== '/v1/people/me' || url.searchParams.get('personFields') !== 'birthdays') {
      res.writeHead(404).end();
      return;
    }
    doubles.peopleAuthorizations.push(req.headers.authorization ?? '');
    res.writeHead(doubles.people.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(doubles.people.body));
  });
  await new Promise<void>((resolve) => people.listen(0, '127.0.0.1', resolve));
  doubles.peopleApiUrl = `http://127.0.0.1:${(people.address() as AddressInfo).port}`;
  return doubles;
}

export type GoogleFlowResult = {
  /** Where the callback sent the browser. */
  location: string;
  params: URLSearchParams;
  authorizeUrl: URL;
  /** The callback's Set-Cookie header(s), joined. */
  callbackSetCookie: string;
  /** The binding cookie's value the callback left in the browser ('' when it set none). */
  bindingCookie: string;
  ip: string;
};

/** Location of a redirect, or a failure that says what came back instead. */
function locationOf(
  res: { statusCode: number; headers: Record<string, unknown> },
  what: string,
): string {
  const location = res.headers.location;
  if (res.statusCode !== 302 || typeof location !== 'string') {
    throw new Error(`${what}: expected a 302, got ${res.statusCode}`);
  }
  return location;
}

/**
 * A browser's trip: GET /api/auth/google, the provider's authorize endpoint (which answers at
 * once with a code), then the callback with the cookie the start set. `tamper` edits the
 * callback's query or cookie on the way, as an attacker could.
 */
export async function runGoogleFlow(
  app: FastifyInstance,
  opts: {
    ip?: string;
    tamper?: (callback: URL, cookie: { value: string }) => void;
    beforeCallback?: () => void;
    /** The start's query, as the web sends it ("country=MX&timeZone=…"). */
    startQuery?: string;
    /** More cookies the browser sends back with the callback (decision 0118's mt_origen). */
    cookies?: Record<string, string>;
  } = {},
): Promise<GoogleFlowResult> {
  const ip = opts.ip ?? randomIp();
  const url = `/api/auth/google${opts.startQuery ? `?${opts.startQuery}` : ''}`;
  const start = await app.inject({ method: 'GET', url, remoteAddress: ip });
  const authorizeUrl = new URL(locationOf(start, 'start'));
  const cookie = start.cookies.find((c) => c.name === GOOGLE_LOGIN_COOKIE);
  if (!cookie) throw new Error('start set no login cookie');

  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = authorize.headers.get('location');
  if (authorize.status !== 302 || !back) throw new Error(`authorize: ${authorize.status}`);
  const callback = new URL(back);
  const sent = { value: cookie.value };
  opts.tamper?.(callback, sent);
  opts.beforeCallback?.();

  const res = await app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: { [GOOGLE_LOGIN_COOKIE]: sent.value, ...opts.cookies },
    remoteAddress: ip,
  });
  const location = locationOf(res, 'callback');
  const setCookie = res.headers['set-cookie'];
  return {
    location,
    params: new URL(location, 'http://app.test').searchParams,
    authorizeUrl,
    callbackSetCookie: Array.isArray(setCookie) ? setCookie.join('\n') : String(setCookie ?? ''),
    bindingCookie:
      res.cookies.find((c) => c.name === GOOGLE_LOGIN_COOKIE && c.value !== '')?.value ?? '',
    ip,
  };
}

/** The SPA's step after the callback: POST /api/auth/google/exchange with the code of the
 * address and, unless `cookie` says otherwise, the browser's binding cookie. */
export async function exchangeGoogleCode(
  app: FastifyInstance,
  flow: GoogleFlowResult,
  opts: { code?: string; cookie?: string | null } = {},
) {
  const cookie = opts.cookie === undefined ? flow.bindingCookie : opts.cookie;
  return app.inject({
    method: 'POST',
    url: '/api/auth/google/exchange',
    payload: { code: opts.code ?? flow.params.get('code') ?? '' },
    ...(cookie === null ? {} : { cookies: { [GOOGLE_LOGIN_COOKIE]: cookie } }),
    remoteAddress: flow.ip,
  });
}
