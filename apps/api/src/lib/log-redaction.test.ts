import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

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
