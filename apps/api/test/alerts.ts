import type { RoleName } from '@magotips/contracts/roles';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/database';
import { alertDeliveries, alertPreferences, packs, packTips, tips, users } from '../src/db/schema';
import { type ReceivedMail, startSmtpServer } from './mail';
import { buildTestApp, type TestApp } from './test-app';
import { authorizationAt, createTestUser, type TestUser } from './users';

const HOUR = 3_600_000;
export const ALERTS_APP_URL = 'https://magotips.test';
export const TIP_ANALYSIS = 'Análisis completo que solo leen quienes tienen derecho.';

/** An unpublished tip with a bet, its match `hoursAhead` after `now`: the tests publish it. */
export async function draftTip(
  db: Db,
  now: Date,
  opts: { category?: 'free' | 'premium'; title?: string; hoursAhead?: number } = {},
): Promise<string> {
  const [row] = await db
    .insert(tips)
    .values({
      icon: 'football',
      title: opts.title ?? 'Betis vs. Sevilla',
      matchDate: new Date(now.getTime() + (opts.hoursAhead ?? 30) * HOUR),
      analisis: TIP_ANALYSIS,
      category: opts.category ?? 'free',
      isPublished: false,
      pick: 'Gana el Betis',
      oddsCents: 185,
      stake: 3,
    })
    .returning({ id: tips.id });
  if (!row) throw new Error('tip not inserted');
  return row.id;
}

/** A pack holding `tipIds`, for a buyer to buy with givePack. */
export async function packHolding(db: Db, tipIds: string[]): Promise<string> {
  const [row] = await db
    .insert(packs)
    .values({ nombre: 'Pack de prueba', descripcion: 'x', priceCents: 900 })
    .returning({ id: packs.id });
  if (!row) throw new Error('pack not inserted');
  await db
    .insert(packTips)
    .values(tipIds.map((tipId, position) => ({ packId: row.id, tipId, position })));
  return row.id;
}

/** The text of a quoted-printable encoded word: `_` is a space, `=XX` a byte. */
function decodeQ(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '_') bytes.push(0x20);
    else if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(text.charCodeAt(i));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header's value in a raw message, unfolded, its MIME encoded words (RFC 2047) decoded. */
export function mailHeader(raw: string, name: string): string | null {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim();
  if (value === undefined) return null;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_all, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQ(text),
    );
}

/** The address of a message's List-Unsubscribe header. */
export function unsubscribeUrl(mail: ReceivedMail | undefined): URL {
  const value = mail ? mailHeader(mail.raw, 'List-Unsubscribe') : null;
  if (!value) throw new Error('no List-Unsubscribe header');
  return new URL(value.slice(1, -1));
}

export type ReaderOpts = {
  free?: boolean;
  vip?: boolean;
  verified?: boolean;
  subscriber?: boolean;
  roles?: RoleName[];
};

/**
 * The app with a real SMTP server on loopback, an editor, and a clock the test moves: what
 * every alerts test drives through `inject()`. `refused` addresses get a 550.
 */
export async function startAlertsKit(start: Date, extraEnv: Record<string, string> = {}) {
  const refused = new Set<string>();
  const smtp = await startSmtpServer({ rejected: (address) => refused.has(address) });
  let now = start;
  const t: TestApp = await buildTestApp({
    clock: () => now,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'MagoTips <avisos@magotips.test>',
      APP_URL: ALERTS_APP_URL,
      ...extraEnv,
    },
  });
  const db = t.database.db;
  const editor = await createTestUser(db, { now, roles: ['editor'] });
  const editorHeaders = async () => ({ authorization: await authorizationAt(db, editor.id, now) });

  function tipBody(overrides: Record<string, unknown> = {}) {
    return {
      icon: 'football',
      title: 'Betis vs. Sevilla',
      matchDate: new Date(now.getTime() + 30 * HOUR).toISOString(),
      analisis: TIP_ANALYSIS,
      category: 'free',
      isPublished: true,
      pick: 'Gana el Betis',
      odds: 1.85,
      stake: 3,
      ...overrides,
    };
  }

  return {
    t,
    db,
    smtp,
    refused,
    editor,
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    /** Forgets the mail received and the refusals (between tests). */
    reset() {
      smtp.received.length = 0;
      refused.clear();
    },
    async close() {
      await t.close();
      await smtp.close();
    },

    /** A verified reader with these switches (no preferences row when both are left out). */
    async reader(opts: ReaderOpts = {}): Promise<TestUser> {
      const u = await createTestUser(db, { now, subscriber: opts.subscriber, roles: opts.roles });
      if (opts.verified === false)
        await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, u.id));
      if (opts.free !== undefined || opts.vip !== undefined) {
        await db
          .insert(alertPreferences)
          .values({ userId: u.id, emailFree: opts.free ?? false, emailVip: opts.vip ?? false });
      }
      return u;
    },

    tipBody,

    /** A request as the editor, answered whatever its status. */
    async asEditor(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) {
      return t.app.inject({ method, url, headers: await editorHeaders(), payload });
    },

    /** POST /api/tips as the editor. */
    async createTip(overrides: Record<string, unknown> = {}): Promise<string> {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tips',
        headers: await editorHeaders(),
        payload: tipBody(overrides),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ tip: { _id: string } }>().tip._id;
    },

    /** PUT /api/tips/:id as the editor. */
    async editTip(id: string, overrides: Record<string, unknown> = {}): Promise<void> {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/tips/${id}`,
        headers: await editorHeaders(),
        payload: tipBody(overrides),
      });
      expect(res.statusCode, res.body).toBe(200);
    },

    /** The editor's publish toggle (PATCH /api/tips/:id). */
    async setPublished(id: string, isPublished: boolean): Promise<void> {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/tips/${id}`,
        headers: await editorHeaders(),
        payload: { isPublished },
      });
      expect(res.statusCode, res.body).toBe(200);
    },

    mailsTo(u: { email: string }): ReceivedMail[] {
      return smtp.received.filter((m) => m.to.includes(u.email));
    },

    deliveriesOf(tipId: string) {
      return db.select().from(alertDeliveries).where(eq(alertDeliveries.tipId, tipId));
    },

    async preferencesOf(userId: string) {
      const [row] = await db
        .select()
        .from(alertPreferences)
        .where(eq(alertPreferences.userId, userId));
      return row;
    },
  };
}
export type AlertsKit = Awaited<ReturnType<typeof startAlertsKit>>;
