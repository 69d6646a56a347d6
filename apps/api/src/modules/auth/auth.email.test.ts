import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  mailedToken,
  PASSWORD,
  post,
  registration,
  registrationCookie,
} from '../../../test/auth';
import {
  decodeMail,
  readOutbox,
  startSmtpServer,
  tokenFromMail,
  waitFor,
} from '../../../test/mail';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/database';

const HOUR = 3_600_000;
let now = new Date('2026-06-01T12:00:00Z');
const clock = () => now;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('verification over real SMTP', () => {
  it('mails the link to the address, the SPA page posts the token, and then login works', async () => {
    const smtp = await startSmtpServer();
    const t = await buildTestApp({
      database,
      clock,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'MagoTips <hola@magotips.test>',
        APP_URL: 'https://magotips.test',
      },
    });
    try {
      const body = registration({ firstName: 'Merlina' });
      const res = await post(t.app, '/api/auth/register', body);
      expect(res.statusCode).toBe(201);

      // Sign-up waits for the SMTP hand-over, so the message is already there.
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail?.to).toEqual([body.email]);
      expect(mail?.from).toBe('hola@magotips.test');
      const text = decodeMail(mail?.raw ?? '');
      expect(text).toContain('¡Hola!'); // no name to an unconfirmed address (decision 0023)
      expect(text).toContain('Confirmar mi email');
      const token = tokenFromMail(mail?.raw ?? '', 'verify-email');
      expect(token).toBeTruthy();
      expect(text).toContain(`https://magotips.test/verify-email?token=${token}`);

      // Before confirming: the right password gets 403 EMAIL_NOT_VERIFIED.
      const early = await login(t.app, body.email, PASSWORD);
      expect(early.status).toBe(403);
      expect(early.body).toEqual({
        success: false,
        code: 'EMAIL_NOT_VERIFIED',
        message: AUTH_MESSAGES.emailNotVerified,
      });

      const verified = await post(
        t.app,
        '/api/auth/verify-email',
        { token: token ?? '' },
        { cookies: registrationCookie(res) },
      );
      expect(verified.statusCode).toBe(200);
      // Issue 13: confirming also signs in the browser that registered (decision 0082).
      expect(verified.json()).toMatchObject({
        success: true,
        signedIn: true,
        message: AUTH_MESSAGES.emailVerified,
        user: { email: body.email },
        token: expect.any(String),
      });

      const session = await login(t.app, body.email.toUpperCase(), PASSWORD);
      expect(session.status).toBe(200);
      expect(session.body).toMatchObject({
        success: true,
        user: { email: body.email, firstName: 'Merlina' },
      });
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('verification and resend (outbox)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-mail-'));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ database, clock, env: { DATA_DIR: dataDir } });
  });
  afterAll(() => t.close());

  it('a verification link works once', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const token = await mailedToken(dataDir, body.email, 'verify-email');
    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
    const again = await post(t.app, '/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'INVALID_TOKEN',
      message: AUTH_MESSAGES.verifyTokenInvalid,
    });
  });

  it('a verification link expires after 48 hours', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const token = await mailedToken(dataDir, body.email, 'verify-email');
    const issued = now;
    try {
      now = new Date(issued.getTime() + 48 * HOUR + 1000);
      const late = await post(t.app, '/api/auth/verify-email', { token });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toEqual({
        success: false,
        code: 'TOKEN_EXPIRED',
        message: AUTH_MESSAGES.verifyTokenExpired,
      });
      expect((await login(t.app, body.email, PASSWORD)).status).toBe(403);
      // Just inside the window it still works.
      now = new Date(issued.getTime() + 48 * HOUR - 1000);
      expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
    } finally {
      now = issued;
    }
  });

  it('refuses an unknown or missing token in Spanish', async () => {
    const unknown = await post(t.app, '/api/auth/verify-email', { token: 'no-existe' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_TOKEN');
    const missing = await post(t.app, '/api/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.verifyTokenMissing);
  });

  it('GET on the link path does not consume the token (the SPA page posts it)', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const token = await mailedToken(dataDir, body.email, 'verify-email');
    const page = await t.app.inject({ method: 'GET', url: `/verify-email?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await post(t.app, '/api/auth/verify-email', { token })).statusCode).toBe(200);
  });

  it('resend-verification mails a fresh link for an unconfirmed account, the same answer for any other', async () => {
    const body = registration();
    await post(t.app, '/api/auth/register', body);
    const first = await mailedToken(dataDir, body.email, 'verify-email');

    const resend = await post(t.app, '/api/auth/resend-verification', {
      email: body.email.toUpperCase(),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ success: true, message: AUTH_MESSAGES.verificationResent });
    const second = await waitFor(() => {
      const tokens = readOutbox(dataDir)
        .filter((m) => m.raw.includes(`To: ${body.email}`))
        .map((m) => tokenFromMail(m.raw, 'verify-email'));
      return tokens.length >= 2 ? tokens.find((tk) => tk !== first) : null;
    });
    expect(second).toBeTruthy();

    const unknown = await post(t.app, '/api/auth/resend-verification', {
      email: 'nadie@example.com',
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(resend.json());

    // Either link works; using one retires the others. Once verified, a resend sends nothing.
    expect((await post(t.app, '/api/auth/verify-email', { token: second ?? '' })).statusCode).toBe(
      200,
    );
    expect((await post(t.app, '/api/auth/verify-email', { token: first })).json().code).toBe(
      'INVALID_TOKEN',
    );
    const mailsBefore = readOutbox(dataDir).length;
    const verified = await post(t.app, '/api/auth/resend-verification', { email: body.email });
    expect(verified.json()).toEqual(resend.json());
    await new Promise((r) => setTimeout(r, 100));
    expect(readOutbox(dataDir)).toHaveLength(mailsBefore);
    expect((await login(t.app, body.email, PASSWORD)).status).toBe(200);
  });

  it('resend-verification validates the e-mail', async () => {
    const res = await post(t.app, '/api/auth/resend-verification', { email: 'mal' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.email);
  });
});
