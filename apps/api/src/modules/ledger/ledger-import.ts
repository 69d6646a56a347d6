import { randomBytes } from 'node:crypto';
import { canonicalJson } from '@magotips/contracts/canonical-json';
import {
  betCommitment,
  LEDGER_SALT_BYTES,
  type LedgerBet,
  ledgerOdds,
  type LedgerTipState,
} from '@magotips/contracts/ledger';
import { and, asc, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { appMeta, ledgerSecrets, tips } from '../../db/schema';
import { insertJobs } from '../jobs/job-queue';
import { tipKickoffJob } from '../tips/tip-jobs';
import type { LedgerKey } from './ledger-key';
import { type AppendInput, createLedgerRepository } from './ledger.repository';

const MARKER = 'ledger_imported';
const IMPORT_LOCK = 27_002;
const BATCH = 1_000;

type Row = typeof tips.$inferSelect;
type RevealValues = { bet: LedgerBet; salt: string; commitSeq: number };

/** What the history of one tip says, as entries marked imported: its times are the ones the
 * server had recorded before the ledger existed (the verifier reports how many there are). */
function historyOf(row: Row, now: Date) {
  const entries: AppendInput[] = [];
  const secrets: { index: number; salt: string; bet: LedgerBet }[] = [];
  const publishedAt = row.publishedAt ?? row.createdAt;
  const bet: LedgerBet | null =
    row.pick !== null && row.oddsCents !== null && row.stake !== null
      ? {
          pick: row.pick,
          odds: ledgerOdds(row.oddsCents),
          stake: row.stake,
          bookmaker: row.bookmaker,
        }
      : null;
  const commit = bet !== null && row.category === 'premium' && publishedAt < row.matchDate;
  const salt = commit ? randomBytes(LEDGER_SALT_BYTES).toString('hex') : '';
  const state: LedgerTipState = {
    title: row.title,
    sport: row.icon,
    matchDate: row.matchDate.toISOString(),
    category: row.category,
    bet: commit && bet ? { commitment: betCommitment(bet, salt) } : bet,
  };
  const add = (input: Omit<AppendInput, 'tipId' | 'imported'>) =>
    entries.push({ ...input, tipId: row.id, imported: true } as AppendInput);
  add({ kind: 'publish', values: state, at: publishedAt });
  if (commit && bet) secrets.push({ index: 0, salt, bet });
  if (!row.isPublished) {
    add({
      kind: 'withdraw',
      values: { reason: 'hidden' },
      at: new Date(Math.max(publishedAt.getTime(), row.updatedAt.getTime())),
    });
    return { entries, secrets };
  }
  const publicSince = row.publicSince ?? publishedAt;
  const startedPublic = row.matchDate <= now && publicSince <= row.matchDate;
  if (startedPublic) {
    add({ kind: 'kickoff', values: { matchDate: row.matchDate.toISOString() }, at: row.matchDate });
    if (commit && bet)
      add({ kind: 'reveal', values: { bet, salt, commitSeq: -1 }, at: row.matchDate });
  }
  // A late tip's result is public too; it never counts (its kick-off found it hidden).
  if (row.result !== 'pendiente') {
    const at = row.settledAt && row.settledAt > row.matchDate ? row.settledAt : row.matchDate;
    const closingOdds = row.closingOddsCents === null ? null : ledgerOdds(row.closingOddsCents);
    add({ kind: 'result', values: { result: row.result, closingOdds }, at });
  }
  return { entries, secrets };
}

/**
 * Writes once, into an empty ledger, the history of every tip that was ever public before the
 * ledger existed (the proof issue: "marked as imported"), and queues the kick-off of the public
 * tips still to play. Runs at start after the migrations and the demo seed, under a lock, so one
 * of several instances does it; later starts find the marker and do nothing. Answers how many
 * entries it wrote, or null when it had already run.
 */
export async function importLedgerHistory(
  db: Db,
  key: LedgerKey,
  now: Date,
): Promise<number | null> {
  const repo = createLedgerRepository(db, key);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const [done] = await tx.select().from(appMeta).where(eq(appMeta.key, MARKER));
    if (done) return null;
    let written = 0;
    let cursor: { at: Date; id: string } | null = null;
    for (;;) {
      const page: Row[] = await tx
        .select()
        .from(tips)
        .where(
          and(
            isNotNull(tips.publishedAt),
            cursor
              ? or(
                  gt(tips.publishedAt, cursor.at),
                  and(eq(tips.publishedAt, cursor.at), gt(tips.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(tips.publishedAt), asc(tips.id))
        .limit(BATCH);
      if (page.length === 0) break;
      const last = page[page.length - 1];
      cursor = last?.publishedAt ? { at: last.publishedAt, id: last.id } : null;
      // One append per page: every entry's seq is known in advance, so a reveal can cite the
      // publication it opens.
      let seq = await repo.nextSeq(tx);
      const inputs: AppendInput[] = [];
      const saved: (typeof ledgerSecrets.$inferInsert)[] = [];
      for (const row of page) {
        const { entries, secrets } = historyOf(row, now);
        const publishSeq = seq;
        for (const e of entries)
          inputs.push(
            e.kind === 'reveal'
              ? { ...e, values: { ...(e.values as RevealValues), commitSeq: publishSeq } }
              : e,
          );
        for (const s of secrets)
          saved.push({ seq: publishSeq, tipId: row.id, salt: s.salt, bet: canonicalJson(s.bet) });
        seq += entries.length;
      }
      await repo.append(tx, inputs);
      if (saved.length > 0) await tx.insert(ledgerSecrets).values(saved);
      written += inputs.length;
      if (!cursor) break;
    }
    const ahead = await tx
      .select({ id: tips.id, matchDate: tips.matchDate })
      .from(tips)
      .where(and(eq(tips.isPublished, true), gt(tips.matchDate, now)));
    await insertJobs(
      tx,
      ahead.map((t) => tipKickoffJob(t.id, t.matchDate)),
      now,
    );
    await tx.insert(appMeta).values({ key: MARKER, value: now.toISOString(), updatedAt: now });
    return written;
  });
}
