import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration } from '../../../test/auth';
import { decodeMail, startSmtpServer, waitFor } from '../../../test/mail';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// A sign-up form lets anyone type any "name" and any address: what we mail to an address
// nobody has confirmed must not carry their text (issue 12, item 8).
const BAIT = 'Cuenta bloqueada, entra en https://evil.example/x';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'MagoTips <hola@magotips.test>' },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('e-mails to unverified addresses greet without the name', () => {
  it('sign-up, resend and forgot-password mails carry no user-supplied name', async () => {
    const body = registration({ firstName: BAIT });
    expect((await post(t.app, '/api/auth/register', body)).statusCode).toBe(201);
    expect(
      (await post(t.app, '/api/auth/resend-verification', { email: body.email })).statusCode,
    ).toBe(200);
    expect((await post(t.app, '/api/auth/forgot-password', { email: body.email })).statusCode).toBe(
      200,
    );
    const mails = await waitFor(() => (smtp.received.length >= 3 ? smtp.received : null));
    for (const mail of mails) {
      const text = decodeMail(mail.raw);
      expect(text).toContain('¡Hola!');
      expect(text).not.toContain('Cuenta bloqueada');
      expect(text).not.toContain('evil.example');
    }
  });
});
