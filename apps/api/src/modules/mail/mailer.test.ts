import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readOutbox, startSmtpServer } from '../../../test/mail';
import { createMailer } from './mailer';

describe('outbox mailer', () => {
  it('logs only the file of a stored e-mail, never its link, token or address', async () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'debug' },
      { write: (line: string) => lines.push(line) },
    ) as unknown as FastifyBaseLogger;
    const dataDir = await mkdtemp(path.join(tmpdir(), 'magotips-outbox-'));
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'MagoTips <a@b.test>', dataDir },
      log,
    );
    const link = 'http://localhost:3000/restablecer?token=secret-token-123';
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Asunto',
      text: `Hola ${link}`,
      html: `<p>${link}</p>`,
      link,
    });
    await mailer.close();
    const all = lines.join('\n');
    expect(all).not.toContain('secret-token-123');
    expect(all).not.toContain('ana@example.com');
    const entry = JSON.parse(lines.find((l) => l.includes('outbox')) ?? '{}') as { file?: string };
    expect(entry.file).toMatch(/outbox/);
    expect(await readFile(entry.file ?? '', 'utf8')).toContain('secret-token-123');
  });
});

describe('SMTP mailer', () => {
  it('writes extra headers, and a burst of messages shares a few pooled connections', async () => {
    const server = await startSmtpServer();
    const mailer = createMailer(
      { smtpUrl: server.url, mailFrom: 'MagoTips <a@b.test>', dataDir: tmpdir() },
      pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    );
    try {
      const headers = {
        'List-Unsubscribe': '<http://localhost:3000/avisos/baja?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          mailer.send({
            to: `r${i}@example.com`,
            subject: 'Aviso',
            text: 'x',
            html: '<p>x</p>',
            headers,
          }),
        ),
      );
      expect(server.received).toHaveLength(30);
      for (const mail of server.received) {
        expect(mail.raw).toContain(
          'List-Unsubscribe: <http://localhost:3000/avisos/baja?token=abc>',
        );
        expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      }
      expect(server.connections()).toBeLessThanOrEqual(5);
    } finally {
      await mailer.close();
      await server.close();
    }
  });

  it('writes extra headers into the outbox file too', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'magotips-outbox-'));
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: 'MagoTips <a@b.test>', dataDir },
      pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    );
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Aviso',
      text: 'x',
      html: '<p>x</p>',
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await mailer.close();
    const [stored] = readOutbox(dataDir);
    expect(stored?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('a message sent again with its idempotency key is the same message: one Message-ID, one outbox file', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'magotips-outbox-'));
    const outbox = createMailer(
      { smtpUrl: undefined, mailFrom: 'MagoTips <avisos@magotips.test>', dataDir },
      pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    );
    const message = { to: 'ana@example.com', subject: 'Aviso', text: 'x', html: '<p>x</p>' };
    await outbox.send({ ...message, idempotencyKey: 'alert-1234' });
    await outbox.send({ ...message, idempotencyKey: 'alert-1234' });
    await outbox.send({ ...message, idempotencyKey: 'alert-5678' });
    await outbox.close();
    const stored = readOutbox(dataDir);
    expect(stored).toHaveLength(2);
    expect(stored.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim()).sort()).toEqual([
      '<alert-1234@magotips.test>',
      '<alert-5678@magotips.test>',
    ]);

    const server = await startSmtpServer();
    const smtp = createMailer(
      { smtpUrl: server.url, mailFrom: 'MagoTips <avisos@magotips.test>', dataDir: tmpdir() },
      pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
    );
    try {
      await smtp.send({ ...message, idempotencyKey: 'alert-1234' });
      await smtp.send({ ...message, idempotencyKey: 'alert-1234' });
      const ids = server.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]?.trim());
      expect(ids).toEqual(['<alert-1234@magotips.test>', '<alert-1234@magotips.test>']);
    } finally {
      await smtp.close();
      await server.close();
    }
  });
});
