import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server in this process, on a free port, keeping what it receives. Addresses
 * `rejected` answers true for are refused with a 550, as a mailbox that does not exist. */
export async function startSmtpServer(
  opts: { rejected?: (address: string) => boolean } = {},
): Promise<{
  url: string;
  received: ReceivedMail[];
  /** How many SMTP connections were opened (a pooled transport reuses a few). */
  connections(): number;
  close(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS upgrade with the built-in test certificate, no login.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (opts.rejected?.(address.address)) {
        const refusal = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(refusal);
        return;
      }
      callback();
    },
    onConnect(_session, callback) {
      connections++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The readable text of a MIME message: quoted-printable and base64 parts decoded, enough to
 * find the links and sentences the tests look for. */
export function decodeMail(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  const base64Parts = [
    ...raw.matchAll(
      /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
    ),
  ].map((m) => Buffer.from((m[1] ?? '').replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}

/** The token of the first `${appUrl}/<page>?token=…` link in a message. */
export function tokenFromMail(raw: string, page: 'verify-email' | 'reset-password'): string | null {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]+)`).exec(decodeMail(raw));
  return match?.[1] ?? null;
}

/** The .eml files of DATA_DIR/outbox, oldest first. */
export function readOutbox(dataDir: string): { file: string; raw: string }[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => ({ file: path.join(dir, f), raw: readFileSync(path.join(dir, f), 'utf8') }));
}

/** Polls until `probe` gives a value: mails sent in the background land a moment later. */
export async function waitFor<T>(probe: () => T | null | undefined, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
