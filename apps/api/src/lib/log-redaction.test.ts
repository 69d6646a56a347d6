import { describe, expect, it } from 'vitest';
import { redactUrl, serializeError } from './log-redaction';

describe('redactUrl', () => {
  it('hides tokens, users and OAuth values in query strings', () => {
    expect(redactUrl('/auth/callback?token=eyJabc.def&user=%7B%22email%22%7D')).toBe(
      '/auth/callback?token=[redactado]&user=[redactado]',
    );
    expect(redactUrl('/api/auth/google/callback?state=s1&code=c2&scope=openid')).toBe(
      '/api/auth/google/callback?state=[redactado]&code=[redactado]&scope=openid',
    );
    expect(redactUrl('/payment/success?session_id=cs_1&type=pack')).toBe(
      '/payment/success?session_id=[redactado]&type=pack',
    );
    // The gift e-mail's link to the account page carries the code itself (issue 16).
    expect(redactUrl('/panel/cuenta?regalo=MAGO-7K2P-AB3C-XY9Z-QRST')).toBe(
      '/panel/cuenta?regalo=[redactado]',
    );
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/tips?page=2&limit=10')).toBe('/api/tips?page=2&limit=10');
  });
});

describe('serializeError (every log line, decision 0085)', () => {
  it('drops query strings, bearer tokens, JWTs, Stripe signatures and addresses from the text', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const err = new TypeError(
      `fetch https://oauth2.example.com/token?code=c-123456&state=s-654321 failed for ana@example.com with Bearer ${jwt} (t=1700000000,v1=abcdef0123)`,
    );
    const out = serializeError(err);
    const text = JSON.stringify(out);
    for (const secret of ['c-123456', 's-654321', 'ana@example.com', jwt, 'v1=abcdef0123'])
      expect(text).not.toContain(secret);
    expect(out.type).toBe('TypeError');
    expect(out.message).toContain('https://oauth2.example.com/token?[redactado]');
  });

  it('replaces secret-named fields at any depth, and keeps an error code that is one', () => {
    const err = Object.assign(new Error('refused'), {
      code: 'OAUTH_INVALID_RESPONSE',
      raw: {
        headers: {
          'stripe-signature': 't=1,v1=ff',
          authorization: 'Basic abc',
          'x-telegram-bot-api-secret-token': 'telegram-secret-1',
        },
      },
      header: 't=1,v1=ff',
      payload: '{"email":"ana@example.com"}',
      parameters: { code: 'oauth-code-1' },
      cause: { code: 'oauth-code-2', token: 'tok-1' },
    });
    const out = serializeError(err);
    const text = JSON.stringify(out);
    for (const secret of [
      'v1=ff',
      'Basic abc',
      'ana@example.com',
      'oauth-code-1',
      'oauth-code-2',
      'tok-1',
      'telegram-secret-1',
    ])
      expect(text).not.toContain(secret);
    expect(out.code).toBe('OAUTH_INVALID_RESPONSE');
  });

  it('keeps only the SQLSTATE and the cleaned text of a database error', () => {
    const driver = Object.assign(new Error('new row violates check constraint "t"'), {
      code: '23514',
      severity: 'ERROR',
    });
    const err = new Error('Failed query: update "t" set "x" = $1\nparams: pi_secret_1', {
      cause: driver,
    });
    const text = JSON.stringify(serializeError(err));
    expect(text).not.toContain('pi_secret_1');
    expect(text).toContain('23514');
  });
});
