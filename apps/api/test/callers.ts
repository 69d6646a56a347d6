import type { Db } from '../src/db/database';
import { createTestUser, givePack } from './users';

/** The seven kinds of caller every route of tips, packs and plans is checked against. */
export const CALLERS = [
  'visitor',
  'user',
  'subscriber',
  'buyer',
  'editor',
  'admin',
  'editorAdmin',
] as const;
export type Caller = (typeof CALLERS)[number];

export type Callers = Record<Caller, { id: string | null; headers: Record<string, string> }>;

/** One account per kind (the buyer owns `buyerPackId`), with session tokens valid at `now`. */
export async function createCallers(db: Db, now: Date, buyerPackId: string): Promise<Callers> {
  const user = await createTestUser(db, { now });
  const subscriber = await createTestUser(db, { now, subscriber: true });
  const buyer = await createTestUser(db, { now });
  await givePack(db, buyer.id, buyerPackId);
  const editor = await createTestUser(db, { now, roles: ['editor'] });
  const admin = await createTestUser(db, { now, roles: ['admin'] });
  const editorAdmin = await createTestUser(db, { now, roles: ['editor', 'admin'] });
  const auth = (u: { id: string; authorization: string }) => ({
    id: u.id,
    headers: { authorization: u.authorization },
  });
  return {
    visitor: { id: null, headers: {} },
    user: auth(user),
    subscriber: auth(subscriber),
    buyer: auth(buyer),
    editor: auth(editor),
    admin: auth(admin),
    editorAdmin: auth(editorAdmin),
  };
}

export type Expected = number | { status: number; message?: string; code?: string };

/** Checks a response against one cell of an authorization matrix. */
export function cell(expected: Expected): { status: number; message?: string; code?: string } {
  return typeof expected === 'number' ? { status: expected } : expected;
}
