import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
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
