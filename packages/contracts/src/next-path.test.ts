import { describe, expect, it } from 'vitest';
import { NEXT_MAX_LENGTH, nextOrHome, safeNextPath, withNext } from './next-path';

describe('safeNextPath: only same-site paths (issue 13, item 1)', () => {
  it.each([
    ['/tip/0b7c4c8e-1d2a-4f7e-9f1a-2b3c4d5e6f70', '/tip/0b7c4c8e-1d2a-4f7e-9f1a-2b3c4d5e6f70'],
    ['/subscription', '/subscription'],
    ['/panel/cuenta?tab=1#seguridad', '/panel/cuenta?tab=1#seguridad'],
    ['/', '/'],
    ['/tip/caf%C3%A9', '/tip/caf%C3%A9'],
    // Dot segments are resolved, so the answer is what was checked.
    ['/panel/../subscription', '/subscription'],
    // Only the sign-in pages themselves are refused, not pages whose name starts the same.
    ['/loginx', '/loginx'],
  ])('accepts %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    // Other sites, however written.
    '//evil.example',
    '//evil.example/tip/1',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    'https://evil.example',
    'http:/evil.example',
    'HTTPS://evil.example/tip',
    'evil.example',
    'tip/1',
    // Scripts.
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    // Encoded variants.
    '%2F%2Fevil.example',
    '/%2F/evil.example',
    '/%2f%2fevil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%252F%252Fevil.example',
    '%252F%252Fevil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    // Control characters and whitespace browsers drop or rewrite.
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/ /evil.example',
    ' /tip/1',
    '/\u0000',
    // Dot segments that climb into a protocol-relative address.
    '/a/..//evil.example',
    '/..//evil.example',
    '/.//evil.example',
    // A broken percent escape.
    '/tip/%E0%A4%A',
    // The sign-in pages: coming back to them would loop.
    '/login',
    '/login?next=/tip/1',
    '/LOGIN',
    '/%6Cogin',
    '/./login',
    '/register',
    '/forgot-password',
    '/reset-password?token=x',
    '/verify-email?token=x',
    '/auth/callback?code=x',
    // Empty, too long, not text.
    '',
    `/${'a'.repeat(NEXT_MAX_LENGTH)}`,
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it.each([null, undefined, 42, {}, ['/tip/1']])('refuses a value that is not text: %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it('falls back to the home page', () => {
    expect(nextOrHome('/subscription')).toBe('/subscription');
    expect(nextOrHome('//evil.example')).toBe('/');
    expect(nextOrHome(null)).toBe('/');
  });
});

describe('withNext', () => {
  it('carries a safe target as a readable relative path', () => {
    expect(withNext('/login', '/tip/abc')).toBe('/login?next=/tip/abc');
    expect(withNext('/register', '/subscription')).toBe('/register?next=/subscription');
  });

  it('keeps the characters that would split the query escaped, and they read back intact', () => {
    const url = withNext('/login', '/panel/cuenta?a=1&b=2#x');
    expect(url).toBe('/login?next=/panel/cuenta%3Fa%3D1%26b%3D2%23x');
    expect(new URL(url, 'https://magotips.test').searchParams.get('next')).toBe(
      '/panel/cuenta?a=1&b=2#x',
    );
  });

  it('leaves out the home page and anything unsafe', () => {
    expect(withNext('/login', '/')).toBe('/login');
    expect(withNext('/login', '//evil.example')).toBe('/login');
    expect(withNext('/login', 'https://evil.example')).toBe('/login');
    expect(withNext('/login', null)).toBe('/login');
  });

  it('puts other parameters first', () => {
    expect(withNext('/login', '/subscription', { expired: '1' })).toBe(
      '/login?expired=1&next=/subscription',
    );
    expect(withNext('/login', '//evil.example', { error: 'google_auth_failed' })).toBe(
      '/login?error=google_auth_failed',
    );
  });
});
