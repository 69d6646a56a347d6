import { createServer } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  type GoogleDoubles,
  newGoogleProfile,
  startGoogleDoubles,
} from '../../../test/google';
import {
  createGoogleOidcClient,
  type GoogleOidcClient,
  type PendingGoogleLogin,
} from './google-oidc';
import { GoogleProviderError } from './google-provider-error';

const REDIRECT_URI = 'http://app.test/api/auth/google/callback';

let google: GoogleDoubles;
let client: GoogleOidcClient;

beforeAll(async () => {
  google = await startGoogleDoubles();
  client = createGoogleOidcClient({
    issuer: google.issuer,
    clientId: GOOGLE_CLIENT_ID,
    clientSecret: GOOGLE_CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    allowHttp: true,
  });
});
afterAll(() => google?.close());
beforeEach(() => {
  google.profile = newGoogleProfile();
});

/** Start, let the provider answer the authorize request, and hand back what the callback gets. */
async function authorize(): Promise<{ query: URLSearchParams; pending: PendingGoogleLogin }> {
  const { url, pending } = await client.start();
  const res = await fetch(url, { redirect: 'manual' });
  const back = new URL(res.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
  return { query: back.searchParams, pending };
}

async function failureOf(promise: Promise<unknown>): Promise<GoogleProviderError> {
  const err: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GoogleProviderError);
  return err as GoogleProviderError;
}

describe('Google OpenID client', () => {
  it('exchanges the code and reads the person from the ID token', async () => {
    const { query, pending } = await authorize();
    const { identity, accessToken } = await client.finish(query, pending);

    expect(identity).toEqual({
      sub: google.profile.sub,
      email: google.profile.email,
      emailVerified: true,
      givenName: 'Lucía',
      familyName: 'Gómez',
      name: 'Lucía Gómez',
    });
    expect(accessToken).toBeTruthy();
  });

  it('takes email_verified only as the boolean true', async () => {
    google.profile = newGoogleProfile({ idToken: { email_verified: 'true' } });
    const { query, pending } = await authorize();

    expect((await client.finish(query, pending)).identity.emailVerified).toBe(false);
  });

  it.each([
    ['audience', { aud: 'someone-else.apps.googleusercontent.com' }, /"aud"/],
    ['issuer', { iss: 'https://evil.example.com' }, /"iss"/],
    ['nonce', { nonce: 'not-the-one-we-sent' }, /nonce/],
  ])('refuses an ID token with another %s', async (_what, claims, reason) => {
    google.profile = newGoogleProfile({ idToken: claims });
    const { query, pending } = await authorize();

    expect((await failureOf(client.finish(query, pending))).reason).toMatch(reason);
  });

  it('refuses an ID token whose signature cannot be checked against the JWKS', async () => {
    google.profile = newGoogleProfile({ idTokenHeader: { kid: 'not-in-the-jwks' } });
    const { query, pending } = await authorize();

    await failureOf(client.finish(query, pending));
  });

  it('refuses a state other than the one kept in the cookie', async () => {
    const { query, pending } = await authorize();

    const err = await failureOf(client.finish(query, { ...pending, state: 'another-state' }));
    expect(err.reason).toMatch(/state/);
  });

  it('refuses a code exchanged with another PKCE verifier', async () => {
    const { query, pending } = await authorize();
    const other = (await client.start()).pending.codeVerifier;

    await failureOf(client.finish(query, { ...pending, codeVerifier: other }));
  });

  it('does not keep a failed discovery: the next start tries again', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address() as { port: number };
        probe.close(() => resolve(p));
      });
    });
    const late = new OAuth2Server();
    await late.issuer.keys.generate('RS256');
    const lateClient = createGoogleOidcClient({
      issuer: `http://127.0.0.1:${port}`,
      clientId: GOOGLE_CLIENT_ID,
      clientSecret: GOOGLE_CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
      allowHttp: true,
    });

    expect((await failureOf(lateClient.start())).reason).toBe('discovery failed');
    late.issuer.url = `http://127.0.0.1:${port}`;
    await late.start(port, '127.0.0.1');
    try {
      const { url } = await lateClient.start();
      expect(url.port).toBe(String(port));
    } finally {
      await late.stop();
    }
  });

  it('refuses a plain-HTTP issuer unless allowed (production)', async () => {
    const strict = createGoogleOidcClient({
      issuer: google.issuer,
      clientId: GOOGLE_CLIENT_ID,
      clientSecret: GOOGLE_CLIENT_SECRET,
      redirectUri: REDIRECT_URI,
      allowHttp: false,
    });

    expect((await failureOf(strict.start())).reason).toBe('discovery failed');
  });
});
