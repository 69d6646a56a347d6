import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import { describeDbError } from '../../lib/db-errors';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside. Never logged: a reset link in a log is a key to the account;
   * a developer opens the .eml file the outbox line names. */
  link?: string;
  /** Extra header lines (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /** The same key is the same message (letters, digits, dots and dashes): sent again after a
   * crash between the hand-over and its record, it carries the same Message-ID, which
   * receiving providers use to drop the repeat, and the outbox keeps one file. */
  idempotencyKey?: string;
};

export type Mailer = {
  readonly mode: 'smtp' | 'outbox';
  /** Sends now; rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait: answers that must not reveal whether an account
   * exists (forgot-password, resend) would otherwise be slower exactly when it does. Given a
   * function, runs it off the request path too (the account lookup and token write) and sends
   * what it returns, if anything. Failures are logged. */
  sendLater(message: MailMessage | (() => Promise<MailMessage | null>)): void;
  /** Waits for the messages still being sent (shutdown, tests). */
  drain(): Promise<void>;
  close(): Promise<void>;
};

export type MailerConfig = { smtpUrl: string | undefined; mailFrom: string; dataDir: string };

/** SMTP through nodemailer when SMTP_URL is set; otherwise every message is written to
 * DATA_DIR/outbox/ as an .eml file, so sign-up works on a fresh machine with no mail server. */
export function createMailer(config: MailerConfig, log: FastifyBaseLogger): Mailer {
  const outboxDir = path.join(config.dataDir, 'outbox');
  // Message-IDs name the sender's domain (RFC 5322 3.6.4).
  const senderDomain = /@([\w.-]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? 'magotips.local';
  const pending = new Set<Promise<void>>();
  let ordered: Promise<void> = Promise.resolve();

  // nodemailer is loaded with the first e-mail, not at start (~80 ms and ~14 MB of a cold start).
  let smtp: Transporter | null = null;
  let stream: Transporter | null = null;
  let transports: Promise<void> | null = null;
  const loadTransports = async () => {
    const { default: nodemailer } = await import('nodemailer');
    smtp = config.smtpUrl
      ? nodemailer.createTransport(
          {
            url: config.smtpUrl,
            // A few connections kept open and reused: a fan-out of 10,000 alerts must not open
            // 10,000 connections (nor queue them all behind one).
            pool: true,
            maxConnections: 5,
            maxMessages: 100,
            // nodemailer waits minutes by default; a sign-up should not.
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 20_000,
          },
          { from: config.mailFrom },
        )
      : null;
    stream = smtp
      ? null
      : nodemailer.createTransport(
          { streamTransport: true, buffer: true, newline: 'unix' },
          { from: config.mailFrom },
        );
  };

  async function send(message: MailMessage): Promise<void> {
    // An address object, not a string: nodemailer would read commas in a string as a list.
    const mail = {
      to: { name: '', address: message.to },
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers ? { headers: message.headers } : {}),
      ...(message.idempotencyKey ? { messageId: `<${message.idempotencyKey}@${senderDomain}>` } : {}),
    };
    await (transports ??= loadTransports());
    if (smtp) {
      await smtp.sendMail(mail);
      log.info({ subject: message.subject }, 'e-mail enviado por SMTP');
      return;
    }
    if (!stream) throw new Error('no mail transport');
    const info = await stream.sendMail(mail);
    const raw = Buffer.isBuffer(info.message) ? info.message : Buffer.from('');
    await mkdir(outboxDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const key = message.idempotencyKey?.replace(/[^\w.-]/g, '');
    const file = path.join(outboxDir, key ? `${key}.eml` : `${stamp}-${randomUUID().slice(0, 8)}.eml`);
    // Written whole, then named: a repeat replaces the file rather than adding one, and a
    // reader of the folder never sees half a message.
    const partial = `${file}.${randomUUID().slice(0, 8)}.tmp`;
    await writeFile(partial, raw, { mode: 0o600 });
    await rename(partial, file);
    // Only the file: its link (a token) and the address are a person's data and a key.
    log.info({ subject: message.subject, file }, 'e-mail guardado en el outbox');
  }

  return {
    mode: config.smtpUrl ? 'smtp' : 'outbox',
    async send(message) {
      try {
        await send(message);
      } catch (err) {
        log.error({ err, subject: message.subject }, 'no se pudo enviar un e-mail');
        throw err;
      }
    },
    sendLater(message) {
      // Deferred work runs one task at a time, in the order asked: two resets in a row keep
      // "the newest link wins".
      const task = ordered.then(async () => {
        // A tick first: the caller's answer leaves before any of this work starts.
        await new Promise<void>((resolve) => setImmediate(resolve));
        return typeof message === 'function' ? message() : message;
      });
      ordered = task.then(
        () => undefined,
        () => undefined,
      );
      const job = task
        .then((built) => (built ? send(built) : undefined))
        .catch((err: unknown) => {
          // A failed query's own text holds its parameters: only its code and a redacted line.
          const db = describeDbError(err);
          log.error(db ?? { err }, 'no se pudo enviar un e-mail');
        })
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async drain() {
      await Promise.allSettled([...pending]);
    },
    async close() {
      await Promise.allSettled([...pending]);
      smtp?.close();
      stream?.close();
    },
  };
}
