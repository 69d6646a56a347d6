import { randomBytes } from 'node:crypto';
import { canonicalJson } from '@magotips/contracts/canonical-json';
import {
  betCommitment,
  isCommitment,
  LEDGER_SALT_BYTES,
  type LedgerBet,
  ledgerOdds,
  type LedgerTipState,
} from '@magotips/contracts/ledger';
import type { Db } from '../../db/database';
import type { TipEventBus, TipSnapshot } from '../tips/tip-events';
import type { LedgerRepository } from './ledger.repository';

/** What a "changed" event must touch to be a ledger entry: the match and the bet. The analysis
 * is the paid content, not the record. */
const RECORD_FIELDS: Record<string, string> = {
  title: 'title',
  icon: 'sport',
  matchDate: 'matchDate',
  category: 'category',
  pick: 'pick',
  odds: 'odds',
  stake: 'stake',
  bookmaker: 'bookmaker',
};

const kickedOff = (tip: TipSnapshot, at: Date) => at.getTime() >= tip.matchDate.getTime();

/** Public at kick-off: shown before the match and never hidden since. */
const publicAtKickoff = (tip: TipSnapshot) =>
  tip.isPublished &&
  tip.publicSince !== null &&
  tip.publicSince.getTime() <= tip.matchDate.getTime();

function ledgerBet(bet: NonNullable<TipSnapshot['bet']>): LedgerBet {
  return {
    pick: bet.pick,
    odds: ledgerOdds(bet.oddsCents),
    stake: bet.stake,
    bookmaker: bet.bookmaker,
  };
}

/**
 * Writes the tips' events into the public ledger (the proof issue, item 2), inside the
 * transaction of each change: the entry exists exactly when the change does. A VIP bet before
 * kick-off is written as a commitment with a fresh salt, kept private until the reveal that
 * follows the kick-off entry.
 */
export function subscribeLedger(events: Pick<TipEventBus, 'within'>, repo: LedgerRepository) {
  async function appendState(
    tx: Db,
    kind: 'publish' | 'change',
    tip: TipSnapshot,
    at: Date,
    fields: string[] = [],
  ): Promise<void> {
    const clear = tip.bet ? ledgerBet(tip.bet) : null;
    const commit = clear !== null && tip.category === 'premium' && !kickedOff(tip, at);
    const salt = commit ? randomBytes(LEDGER_SALT_BYTES).toString('hex') : '';
    const state: LedgerTipState = {
      title: tip.title,
      sport: tip.sport,
      matchDate: tip.matchDate.toISOString(),
      category: tip.category,
      bet: commit && clear ? { commitment: betCommitment(clear, salt) } : clear,
    };
    const values = kind === 'change' ? { ...state, fields } : state;
    const [seq] = await repo.append(tx, [{ tipId: tip.id, kind, values, at }]);
    if (commit && clear && seq !== undefined)
      await repo.saveSecret(tx, { seq, tipId: tip.id, salt, bet: canonicalJson(clear) });
  }

  /** Whether the ledger holds the tip as public now (its last publication not withdrawn). */
  async function isPublicInLedger(tx: Db, tipId: string): Promise<boolean> {
    const kinds = (await repo.kindsOf(tx, tipId)).filter(
      (k) => k === 'publish' || k === 'withdraw',
    );
    return kinds[kinds.length - 1] === 'publish';
  }

  /** The kick-off entry, once per tip, and the reveal of a committed VIP bet right after it. */
  async function ensureKickoff(tx: Db, tip: TipSnapshot, at: Date): Promise<void> {
    if (!publicAtKickoff(tip) || !kickedOff(tip, at)) return;
    const kinds = await repo.kindsOf(tx, tip.id);
    if (kinds.length === 0 || kinds.includes('kickoff')) return;
    await repo.append(tx, [
      { tipId: tip.id, kind: 'kickoff', values: { matchDate: tip.matchDate.toISOString() }, at },
    ]);
    const last = await repo.lastStateOf(tx, tip.id);
    if (!last) return;
    const state = JSON.parse(last.body) as LedgerTipState;
    if (!isCommitment(state.bet)) return;
    const secret = await repo.secretOf(tx, last.seq);
    if (!secret) throw new Error(`registro: falta la sal del compromiso #${last.seq}`);
    await repo.append(tx, [
      {
        tipId: tip.id,
        kind: 'reveal',
        values: {
          bet: JSON.parse(secret.bet) as LedgerBet,
          salt: secret.salt,
          commitSeq: last.seq,
        },
        at,
      },
    ]);
  }

  events.within('published', (e, tx) => appendState(tx, 'publish', e.tip, e.at));

  events.within('changed', async (e, tx) => {
    const fields = e.fields.flatMap((f) => (RECORD_FIELDS[f] ? [RECORD_FIELDS[f]] : []));
    if (fields.length > 0) await appendState(tx, 'change', e.tip, e.at, fields);
  });

  events.within('hidden', async (e, tx) => {
    if (await isPublicInLedger(tx, e.tip.id))
      await repo.append(tx, [
        { tipId: e.tip.id, kind: 'withdraw', values: { reason: 'hidden' }, at: e.at },
      ]);
  });

  events.within('deleted', async (e, tx) => {
    if (e.wasPublic && (await isPublicInLedger(tx, e.tip.id)))
      await repo.append(tx, [
        { tipId: e.tip.id, kind: 'withdraw', values: { reason: 'deleted' }, at: e.at },
      ]);
  });

  events.within('kickedOff', (e, tx) => ensureKickoff(tx, e.tip, e.at));

  events.within('settled', async (e, tx) => {
    // A tip never public has nothing in the ledger, and its result is no one's business.
    if ((await repo.kindsOf(tx, e.tip.id)).length === 0) return;
    await ensureKickoff(tx, e.tip, e.at);
    const result = e.tip.result;
    if (result === 'pendiente') return;
    const closingOdds = e.closingOddsCents === null ? null : ledgerOdds(e.closingOddsCents);
    await repo.append(tx, [
      e.previous === 'pendiente'
        ? { tipId: e.tip.id, kind: 'result', values: { result, closingOdds }, at: e.at }
        : {
            tipId: e.tip.id,
            kind: 'correction',
            values: { result, previous: e.previous, reason: e.reason ?? '', closingOdds },
            at: e.at,
          },
    ]);
  });
}
