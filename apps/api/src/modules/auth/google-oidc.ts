import type * as Oidc from 'openid-client';
import { GoogleProviderError } from './google-provider-error';

// Loaded with the first Google sign-in, not at start (~50 ms and ~8 MB of a cold start).
const loadOidc = () => import('openid-client');

/** The birthday scope is what lets the People API answer with the year (the 21+ rule). */
export const GOOGLE_SCOPES =
  'openid email profile https://www.googleapis.com/auth/user.birthday.read';

export type GoogleOidcSettings = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** `${APP_URL}/api/auth/google/callback`, as registered in the Google Cloud console. */
  redirectUri: string;
  /** Plain-HTTP issuers are for local test providers only; production refuses them. */
  allowHttp: boolean;
};

/** What the browser carries from the start to the callback (inside the signed cookie). */
export type PendingGoogleLogin = { state: string; nonce: string; codeVerifier: string };

/** The person as Google's ID token describes them. */
export type GoogleIdentity = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

export type GoogleOidcClient = {
  start(): Promise<{ url: URL; pending: PendingGoogleLogin }>;
  /** Checks the authorization response against `pending` and exchanges the code. */
  finish(
    callbackQuery: URLSearchParams,
    pending: PendingGoogleLogin,
  ): Promise<{ identity: GoogleIdentity; accessToken: string }>;
};

const DISCOVERY_TIMEOUT_SECONDS = 10;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The authorization-code flow with PKCE (S256), state and nonce, through openid-client. Its
 * authorizationCodeGrant checks the state, and the ID token's issuer, audience (and azp),
 * expiry and nonce; enableNonRepudiationChecks adds the signature against the issuer's JWKS,
 * so a token that did not come from Google is refused even if the transport were fooled. */
export function createGoogleOidcClient(settings: GoogleOidcSettings): GoogleOidcClient {
  let discovered: Promise<Oidc.Configuration> | null = null;

  // Discovered once and kept; a failure is not kept, so the next attempt tries again.
  function configuration(): Promise<Oidc.Configuration> {
    discovered ??= loadOidc()
      .then((oidc) =>
        oidc.discovery(
          new URL(settings.issuer),
          settings.clientId,
          settings.clientSecret,
          undefined,
          {
            execute: [
              ...(settings.allowHttp ? [oidc.allowInsecureRequests] : []),
              oidc.enableNonRepudiationChecks,
            ],
            // Also bounds every later call of this configuration (token exchange, JWKS).
            timeout: DISCOVERY_TIMEOUT_SECONDS,
          },
        ),
      )
      .catch((err: unknown) => {
        discovered = null;
        throw new GoogleProviderError('discovery failed', { cause: err });
      });
    return discovered;
  }

  return {
    async start() {
      const config = await configuration();
      const oidc = await loadOidc();
      const pending: PendingGoogleLogin = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: GOOGLE_SCOPES,
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        // Someone turned away (under 21, no birthday) can pick another Google account.
        prompt: 'select_account',
      });
      return { url, pending };
    },

    async finish(callbackQuery, pending) {
      const config = await configuration();
      const oidc = await loadOidc();
      // The redirect URI sent to the token endpoint is this URL without its query, so it is
      // built from the configured one, not from whatever Host header reached us.
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackQuery.toString();
      let tokens: Awaited<ReturnType<typeof Oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        throw new GoogleProviderError(`code exchange or ID token check failed: ${reasonOf(err)}`, {
          cause: err,
        });
      }
      const claims = tokens.claims();
      if (!claims) throw new GoogleProviderError('no ID token in the token response');
      return {
        accessToken: tokens.access_token,
        identity: {
          sub: claims.sub,
          email: text(claims.email),
          // Strictly the boolean: anything else is not Google vouching for the address.
          emailVerified: claims.email_verified === true,
          givenName: text(claims.given_name),
          familyName: text(claims.family_name),
          name: text(claims.name),
        },
      };
    },
  };
}

/** A short, loggable reason: openid-client's errors carry a code and a generic message, and
 * the specific check that failed (state, aud, nonce…) in their cause. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = 'code' in err && typeof err.code === 'string' ? `${err.code}: ` : '';
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${code}${err.message}${cause}`;
}
