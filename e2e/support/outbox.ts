import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

// Without SMTP the server writes every e-mail to DATA_DIR/outbox/ as an .eml file (nodemailer's
// raw MIME). Journeys read the link a person would click from there.

type Part = { headers: Map<string, string>; body: string };

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** Every text part of a MIME message, decoded. */
function textsOf(part: Part): string[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [decodeBody(part)];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => textsOf(parsePart(chunk.replace(/^\r?\n/, ''))));
}

/** A header as a person reads it: RFC 2047 encoded words (=?UTF-8?Q?…?= or ?B?) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

export type Email = {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** Every header, by lower-case name (List-Unsubscribe and its one-click partner, say). */
  headers: ReadonlyMap<string, string>;
};

/** The outbox's messages, newest first. */
export async function readOutbox(dataDir: string): Promise<Email[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  // File names start with an ISO timestamp, so the name order is the sending order.
  const emails = await Promise.all(
    files
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .reverse()
      .map(async (name) => {
        const message = parsePart(await readFile(path.join(dir, name), 'utf8'));
        return {
          file: name,
          to: message.headers.get('to') ?? '',
          subject: decodeHeader(message.headers.get('subject') ?? ''),
          text: textsOf(message).join('\n'),
          headers: message.headers,
        };
      }),
  );
  return emails;
}

/**
 * Waits for the newest e-mail to `to` that holds a link to `pathname` (e.g. '/verify-email')
 * and returns that link, whole: the token and, when the link carries one, the page to continue
 * to (`&next=…`). Some e-mails are sent after the API has answered, hence the wait.
 */
export async function waitForEmailLink(
  dataDir: string,
  to: string,
  pathname: string,
  { timeoutMs = 15_000, exclude = [] as string[] } = {},
): Promise<string> {
  const pattern = new RegExp(
    `https?://[^\\s"'<>]+${pathname.replace(/[/]/g, '\\/')}\\?token=[\\w.~%-]+(?:&next=[\\w.~%/-]+)?`,
  );
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const email of await readOutbox(dataDir)) {
      if (!email.to.toLowerCase().includes(to.toLowerCase())) continue;
      const link = pattern.exec(email.text)?.[0];
      if (link && !exclude.includes(link)) return link;
    }
    if (Date.now() > deadline) throw new Error(`No llegó un email a ${to} con un enlace a ${pathname}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
