import { canonicalJson, type JsonValue } from '@magotips/contracts/canonical-json';
import {
  entryHash,
  LEDGER_GENESIS,
  type LedgerEntry,
  type LedgerKind,
  type LedgerValues,
} from '@magotips/contracts/ledger';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerEntries, ledgerSecrets } from '../../db/schema';
import type { LedgerKey } from './ledger-key';

/** One advisory lock for every append: the chain has one head, so appends queue on it (a tip
 * change is an editor's click; the queue is short). */
const LEDGER_LOCK = 27_001;

export type AppendInput<K extends LedgerKind = LedgerKind> = {
  tipId: string;
  kind: K;
  values: LedgerValues[K];
  at: Date;
  imported?: boolean;
};

type Head = { seq: number; hash: string; at: Date };
type StoredEntry = typeof ledgerEntries.$inferSelect;

/** An entry as the API sends it, its values spliced in from the canonical text they were hashed
 * from: no parse and no re-serialisation on the way out. */
export function entryJson(row: StoredEntry): string {
  const text = JSON.stringify;
  return `{"seq":${row.seq},"at":${text(row.at.toISOString())},"tipId":${text(row.tipId)},"kind":${text(row.kind)},"values":${row.body},"imported":${row.imported},"prevHash":${text(row.prevHash)},"hash":${text(row.hash)},"sig":${text(row.sig)}}`;
}

/** The entries to write after `head`, hashed and signed in order. */
function chain(head: Head | null, inputs: readonly AppendInput[], key: LedgerKey) {
  let prev = head;
  return inputs.map((input) => {
    const seq = (prev?.seq ?? 0) + 1;
    // Never before the entry it follows (with several instances the clocks may differ a
    // little); imported history keeps the times it was recorded with.
    const at = input.imported
      ? input.at
      : new Date(Math.max(input.at.getTime(), prev?.at.getTime() ?? 0));
    const prevHash = prev?.hash ?? LEDGER_GENESIS;
    const body = {
      seq,
      at: at.toISOString(),
      tipId: input.tipId,
      kind: input.kind,
      values: input.values,
      imported: input.imported ?? false,
    };
    const hash = entryHash(prevHash, body);
    prev = { seq, hash, at };
    return {
      seq,
      at,
      tipId: input.tipId,
      kind: input.kind,
      body: canonicalJson(input.values as unknown as JsonValue),
      imported: body.imported,
      prevHash,
      hash,
      sig: key.signHash(hash),
    };
  });
}

const INSERT_BATCH = 500;

export function createLedgerRepository(db: Db, key: LedgerKey) {
  async function head(target: Db): Promise<Head | null> {
    const [row] = await target
      .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash, at: ledgerEntries.at })
      .from(ledgerEntries)
      .orderBy(desc(ledgerEntries.seq))
      .limit(1);
    return row ?? null;
  }

  return {
    /** Appends in the caller's transaction, under the ledger's lock; answers the new seqs. */
    async append(tx: Db, inputs: readonly AppendInput[]): Promise<number[]> {
      if (inputs.length === 0) return [];
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
      const rows = chain(await head(tx), inputs, key);
      for (let i = 0; i < rows.length; i += INSERT_BATCH)
        await tx.insert(ledgerEntries).values(rows.slice(i, i + INSERT_BATCH));
      return rows.map((r) => r.seq);
    },

    /** The seq the next append gets: what imported reveals cite before they are written. */
    async nextSeq(tx: Db): Promise<number> {
      await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
      return ((await head(tx))?.seq ?? 0) + 1;
    },

    async saveSecret(tx: Db, secret: typeof ledgerSecrets.$inferInsert): Promise<void> {
      await tx.insert(ledgerSecrets).values(secret);
    },

    async secretOf(tx: Db, seq: number) {
      const [row] = await tx.select().from(ledgerSecrets).where(eq(ledgerSecrets.seq, seq));
      return row ?? null;
    },

    /** The tip's last publication or change: the state the ledger holds for it. */
    async lastStateOf(tx: Db, tipId: string): Promise<{ seq: number; body: string } | null> {
      const [row] = await tx
        .select({ seq: ledgerEntries.seq, body: ledgerEntries.body })
        .from(ledgerEntries)
        .where(
          and(eq(ledgerEntries.tipId, tipId), inArray(ledgerEntries.kind, ['publish', 'change'])),
        )
        .orderBy(desc(ledgerEntries.seq))
        .limit(1);
      return row ?? null;
    },

    /** The kinds of the tip's entries so far, oldest first. */
    async kindsOf(tx: Db, tipId: string): Promise<string[]> {
      const rows = await tx
        .select({ kind: ledgerEntries.kind })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.tipId, tipId))
        .orderBy(asc(ledgerEntries.seq));
      return rows.map((r) => r.kind);
    },

    head: () => head(db),

    async headEntry(): Promise<StoredEntry | null> {
      const [row] = await db.select().from(ledgerEntries).orderBy(desc(ledgerEntries.seq)).limit(1);
      return row ?? null;
    },

    /** Entries after `after`, in order; only `tipId`'s when given. */
    async page(after: number, limit: number, tipId?: string): Promise<StoredEntry[]> {
      return db
        .select()
        .from(ledgerEntries)
        .where(
          tipId
            ? and(gt(ledgerEntries.seq, after), eq(ledgerEntries.tipId, tipId))
            : gt(ledgerEntries.seq, after),
        )
        .orderBy(asc(ledgerEntries.seq))
        .limit(limit);
    },

    /** How the tip's entries are numbered: the links of /historial's rows. */
    async seqsOf(tipIds: readonly string[]): Promise<Map<string, number[]>> {
      const map = new Map<string, number[]>();
      if (tipIds.length === 0) return map;
      const rows = await db
        .select({ tipId: ledgerEntries.tipId, seq: ledgerEntries.seq })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.tipId, [...tipIds]))
        .orderBy(asc(ledgerEntries.seq));
      for (const r of rows) map.set(r.tipId, [...(map.get(r.tipId) ?? []), r.seq]);
      return map;
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
export type { LedgerEntry };
