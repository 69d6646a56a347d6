import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type MutableToken, OAuth2Server } from 'oauth2-mock-server';

// Google for the browser journeys: oauth2-mock-server as the OpenID provider (its authorize
// endpoint answers at once with a code, no login form) and a People API double. Both run in
// the global setup's process; journeys run in workers, so they steer the next sign-in through
// an HTTP control endpoint on the People double (see ./google.ts).

export const E2E_GOOGLE_CLIENT_ID = 'magotips-e2e.apps.googleusercontent.com';
export const E2E_GOOGLE_CLIENT_SECRET = 'magotips-e2e-secret';
export const CONTROL_PATH = '/__control/next-sign-in';

/** The person the provider signs in next. */
export type NextGoogleSignIn = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** YYYY-MM-DD, or null for a profile that does not share it. */
  birthday: string | null;
};

export type GoogleDoubles = {
  env: Record<string, string>;
  controlUrl: string;
  close(): Promise<void>;
};

function defaultSignIn(): NextGoogleSignIn {
  const id = randomUUID().slice(0, 8);
  return {
    sub: `e2e-${id}`,
    email: `e2e-google-${id}@example.com`,
    emailVerified: true,
    givenName: 'Lucía',
    familyName: 'Google',
    birthday: '1990-05-04',
  };
}

/** The `sub` of the bearer access token; the double only reads it, the API never sees this. */
function subOf(authorization: string | undefined): string | null {
  const payload = /^Bearer [\w-]+\.([\w-]+)\.[\w-]+$/.exec(authorization ?? '')?.[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null && 'sub' in claims && typeof claims.sub === 'string'
      ? claims.sub
      : null;
  } catch {
    return null;
  }
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
    req.on('error', reject);
  });
}

export async function startGoogleDoubles(): Promise<GoogleDoubles> {
  let next = defaultSignIn();
  // Every person the provider has signed in, by sub: the People API answers for the token's.
  const known = new Map<string, NextGoogleSignIn>();

  const provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  // Named by address, not "localhost" (which may resolve to ::1 where nothing listens).
  await provider.start(0, '127.0.0.1');
  provider.issuer.url = `http://127.0.0.1:${provider.address().port}`;
  provider.service.on('beforeTokenSigning', (token: MutableToken) => {
    known.set(next.sub, next);
    token.payload.sub = next.sub;
    // The ID token is the one with an audience; the access token only needs the sub.
    if (token.payload.aud === undefined) return;
    Object.assign(token.payload, {
      email: next.email,
      email_verified: next.emailVerified,
      given_name: next.givenName,
      family_name: next.familyName,
      name: `${next.givenName} ${next.familyName}`,
    });
  });

  const people = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST' && url.pathname === CONTROL_PATH) {
      readJson(req)
        .then((body) => {
          next = { ...defaultSignIn(), ...(body as Partial<NextGoogleSignIn>) };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(next));
        })
        .catch(() => res.writeHead(400).end());
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/people/me') {
      const person = known.get(subOf(req.headers.authorization) ?? '');
      if (!person) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":401}}');
        return;
      }
      const [year, month, day] = (person.birthday ?? '').split('-').map(Number);
      const birthdays = person.birthday ? [{ metadata: { primary: true }, date: { year, month, day } }] : [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ resourceName: 'people/me', birthdays }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => people.listen(0, '127.0.0.1', resolve));
  const peopleUrl = `http://127.0.0.1:${(people.address() as AddressInfo).port}`;

  return {
    env: {
      GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: E2E_GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer.url,
      GOOGLE_PEOPLE_API_URL: peopleUrl,
    },
    controlUrl: `${peopleUrl}${CONTROL_PATH}`,
    async close() {
      await provider.stop();
      await new Promise<void>((resolve) => people.close(() => resolve()));
    },
  };
}
