import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { AUTH_MESSAGES } from '@magotips/contracts/auth';
import { MSG } from '@magotips/contracts/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailedToken, post, registration, uniqueEmail } from '../../../test/auth';
import { decodeMail, readOutbox } from '../../../test/mail';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { emailTokens, userRoles, users } from '../../db/schema';

// Pinned far from the machine's date, so the 21+ boundary depends on the app's clock only.
const now = new Date('2031-03-15T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-reg-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    env: { DATA_DIR: dataDir, APP_URL: 'https://magotips.test' },
  });
});
afterAll(() => t.close());

const register = (body: object) => post(t.app, '/api/auth/register', body);

describe('POST /api/auth/register: validation, in the texts of SPEC.md §5', () => {
  it.each([
    ['firstName too short', { firstName: 'A' }, MSG.firstName],
    ['firstName blank once trimmed', { firstName: '   B  ' }, MSG.firstName],
    ['firstName too long', { firstName: 'x'.repeat(51) }, MSG.firstName],
    ['firstName missing', { firstName: undefined }, MSG.firstName],
    ['lastName empty', { lastName: '   ' }, MSG.lastName],
    ['lastName too long', { lastName: 'y'.repeat(51) }, MSG.lastName],
    ['email without a dot', { email: 'ana@example' }, MSG.email],
    ['email without an at sign', { email: 'ana.example.com' }, MSG.email],
    ['email missing', { email: undefined }, MSG.email],
    ['password too short', { password: '12345' }, MSG.password],
    ['password missing', { password: undefined }, MSG.password],
    ['phone starting with 0', { phone: '0123456' }, MSG.phone],
    ['phone with letters', { phone: '+34abc' }, MSG.phone],
    ['phone longer than 16 digits', { phone: '+12345678901234567' }, MSG.phone],
    ['dateOfBirth missing', { dateOfBirth: undefined }, MSG.dateOfBirthRequired],
    ['dateOfBirth empty', { dateOfBirth: '' }, MSG.dateOfBirthRequired],
    ['dateOfBirth not a date', { dateOfBirth: '15/03/1990' }, MSG.dateOfBirthRequired],
    ['underage', { dateOfBirth: '2015-01-01' }, MSG.underage],
  ])('%s → 400 %s', async (_label, patch, message) => {
    const res = await register(registration(patch));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
  });

  it('accepts the 21st birthday and refuses the day before, on the app clock', async () => {
    // now is 2031-03-15: born 2010-03-15 is 21 today, born 2010-03-16 turns 21 tomorrow.
    const dayBefore = await register(registration({ dateOfBirth: '2010-03-16' }));
    expect(dayBefore.statusCode).toBe(400);
    expect(dayBefore.json()).toMatchObject({
      message: MSG.underage,
      errors: { dateOfBirth: MSG.underage },
    });
    const birthday = await register(registration({ dateOfBirth: '2010-03-15' }));
    expect(birthday.statusCode).toBe(201);
  });

  it('trims names, keeps the phone, gives the user role and stores no password in clear', async () => {
    const body = registration({
      firstName: '  Ana María ',
      lastName: ' López  ',
      phone: '+34612345678',
    });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
    expect(res.json().message).toBe(
      '¡Registro exitoso! Revisa tu email para confirmar tu cuenta y activarla.',
    );

    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row).toMatchObject({
      firstName: 'Ana María',
      lastName: 'López',
      phone: '+34612345678',
      emailVerifiedAt: null,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const roles = await t.database.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, row?.id ?? ''));
    expect(roles.map((r) => r.role)).toEqual(['user']);
    // The token is stored only as its SHA-256, valid for 48 hours.
    const [token] = await t.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, row?.id ?? ''));
    expect(token?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(token?.expiresAt.toISOString()).toBe(
      new Date(now.getTime() + 48 * 3_600_000).toISOString(),
    );
  });

  it('answers a second sign-up with an existing e-mail exactly as a new one, and tells the owner (issue 29)', async () => {
    const email = uniqueEmail('Dup');
    const first = await register(registration({ email }));
    expect(first.statusCode).toBe(201);
    const again = await register(
      registration({ email: email.toUpperCase(), firstName: 'Intruso' }),
    );
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    expect(count?.n).toBe(1);
    const mails = readOutbox(dataDir).filter((m) => m.raw.includes(`To: ${email}`));
    expect(mails).toHaveLength(2);
    const attempt = decodeMail(mails.find((m) => !m.raw.includes('verify-email'))?.raw ?? '');
    expect(attempt).toContain('ha intentado crear una cuenta');
    expect(attempt).toContain('https://magotips.test/login');
    expect(attempt).toContain('https://magotips.test/forgot-password');
    // The sign-up form's text never reaches the owner's inbox from our address.
    expect(attempt).not.toContain('Intruso');
  });

  it('settles two simultaneous sign-ups with one e-mail through the unique index: one account, the same answer', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([
      register(registration({ email })),
      register(registration({ email: email.toUpperCase() })),
      register(registration({ email: ` ${email} ` })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    for (const r of results)
      expect(r.json()).toEqual({ success: true, message: AUTH_MESSAGES.registered });
    const [count] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    expect(count?.n).toBe(1);
  });

  it('writes the verification e-mail to DATA_DIR/outbox as .eml, in Spanish, with the SPA link', async () => {
    const body = registration({ firstName: '<b>Eva</b>' });
    expect((await register(body)).statusCode).toBe(201);
    const token = await mailedToken(dataDir, body.email, 'verify-email');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mail = readOutbox(dataDir).find((m) => m.raw.includes(`To: ${body.email}`));
    expect(mail?.file).toMatch(new RegExp(`^${dataDir}/outbox/.+\\.eml$`));
    const text = decodeMail(mail?.raw ?? '');
    expect(text).toContain(`https://magotips.test/verify-email?token=${token}`);
    expect(text).toContain('Confirma tu email');
    expect(text).toContain('MagoTips');
    expect(text).toContain('48 horas');
    expect(mail?.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    // The name is the person's own input and the address is not confirmed: not in the mail
    // at all (decision 0023).
    expect(text).toContain('¡Hola!');
    expect(text).not.toContain('Eva');
  });

  it('never answers with a hash or a token', async () => {
    const res = await register(registration());
    expect(res.body).not.toMatch(/argon2|token|hash/i);
  });
});

/** A port nothing listens on: the SMTP connection is refused at once. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 1;
      srv.close(() => resolve(port));
    });
  });
}

describe('POST /api/auth/register when the e-mail cannot be sent', () => {
  it('answers 502 EMAIL_SEND_ERROR, keeps no account, and a later retry works', async () => {
    const broken = await buildTestApp({
      database: t.database,
      clock: () => now,
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` },
    });
    const body = registration();
    try {
      const res = await post(broken.app, '/api/auth/register', body);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({
        success: false,
        code: 'EMAIL_SEND_ERROR',
        message: AUTH_MESSAGES.emailSendFailed,
      });
      const rows = await t.database.db.select().from(users).where(eq(users.email, body.email));
      expect(rows).toHaveLength(0);
    } finally {
      await broken.close();
    }
    // Same form again, once mail works: not "e-mail taken".
    expect((await register(body)).statusCode).toBe(201);
  });
});
