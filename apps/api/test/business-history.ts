import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import { packs, trackRecordDays, transactions, users } from '../src/db/schema';

// A known business history for the dashboard's tests (issue 33 item 2): readers signing up over
// 24 months, monthly and yearly subscriptions, trials converted or not, renewals that stop and
// come back, plan changes of both kinds, refunds, discounts, packs, gifts sold and redeemed,
// failed charges, and the track record's day sums. The rows are kept in memory too, so
// business-expected.ts computes every figure from them without SQL.

export const HISTORY_START = new Date('2024-06-01T00:00:00Z');
export const HISTORY_MONTHS = 24;
const DAY = 86_400_000;
const HOUR = 3_600_000;

export type GenUser = { id: string; createdAt: Date };
export type GenTx = {
  id: string;
  userId: string;
  kind: 'pack' | 'subscription';
  status: 'completed' | 'refunded' | 'failed' | 'expired';
  amountCents: number;
  discountCents: number | null;
  planKey: string | null;
  itemName: string;
  durationMonths: number | null;
  packId: string | null;
  provider: string;
  isGift: boolean;
  trialDays: number | null;
  periodCents: number | null;
  adjustmentCents: number | null;
  completedAt: Date;
  updatedAt: Date;
};
export type GenDay = { day: string; settled: number; profitMilli: number; staked: number };
export type History = {
  users: GenUser[];
  txs: GenTx[];
  days: GenDay[];
  packs: { id: string; name: string }[];
};

/** Calendar months in UTC, the last day of a shorter month standing for a later one. */
export function plusMonthsUtc(date: Date, months: number): Date {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const d = new Date(date.getTime());
  d.setUTCDate(1);
  d.setUTCFullYear(y, m, Math.min(date.getUTCDate(), last));
  return d;
}

/** A small seeded generator (mulberry32): the same history on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
  };
}

const PLANS = [
  { key: 'premium', name: 'Premium', months: 1, cents: 999 },
  { key: 'basico', name: 'Básico', months: 1, cents: 499 },
  { key: 'premium', name: 'Premium', months: 12, cents: 9990 },
] as const;

/** Seconds only: Postgres keeps microseconds, JavaScript milliseconds; whole seconds agree. */
const at = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

export function generateHistory(readers: number, seed = 33): History {
  const rnd = random(seed);
  const end = plusMonthsUtc(HISTORY_START, HISTORY_MONTHS).getTime();
  const span = end - HISTORY_START.getTime();
  const packList = [
    { id: randomUUID(), name: 'Pack Champions', cents: 1500 },
    { id: randomUUID(), name: 'Pack Liga', cents: 2500 },
  ];
  const users: GenUser[] = [];
  const txs: GenTx[] = [];
  const tx = (t: Partial<GenTx> & Pick<GenTx, 'userId' | 'amountCents' | 'completedAt'>): GenTx => {
    const row: GenTx = {
      id: randomUUID(),
      kind: 'subscription',
      status: 'completed',
      discountCents: null,
      planKey: null,
      itemName: '',
      durationMonths: null,
      packId: null,
      provider: 'simulated',
      isGift: false,
      trialDays: null,
      periodCents: null,
      adjustmentCents: null,
      updatedAt: t.completedAt,
      ...t,
    };
    txs.push(row);
    return row;
  };
  const refundMaybe = (row: GenTx, p: number) => {
    if (!rnd.chance(p)) return;
    row.status = 'refunded';
    row.updatedAt = at(row.completedAt.getTime() + rnd.int(1, 240) * HOUR);
  };

  for (let i = 0; i < readers; i++) {
    const userId = randomUUID();
    const createdAt = at(HISTORY_START.getTime() + rnd.next() * span);
    users.push({ id: userId, createdAt });
    if (rnd.chance(0.45)) subscribe(userId, createdAt);
    if (rnd.chance(0.2)) {
      for (let k = rnd.int(1, 2); k > 0; k--) {
        const pack = packList[rnd.int(0, 1)]!;
        const when = createdAt.getTime() + rnd.next() * (end - createdAt.getTime());
        const row = tx({
          userId,
          kind: 'pack',
          packId: pack.id,
          itemName: pack.name,
          amountCents: pack.cents,
          completedAt: at(when),
        });
        refundMaybe(row, 0.05);
      }
    }
    if (rnd.chance(0.03)) {
      const when = at(createdAt.getTime() + rnd.next() * (end - createdAt.getTime()));
      const row = tx({
        userId,
        isGift: true,
        planKey: 'premium',
        itemName: 'Premium',
        durationMonths: 3,
        amountCents: 2997,
        completedAt: when,
      });
      refundMaybe(row, 0.1);
    }
    if (rnd.chance(0.02)) {
      // A gift code redeemed: no money moved, it is in no figure.
      tx({
        userId,
        provider: 'gift',
        planKey: 'premium',
        itemName: 'Premium',
        durationMonths: 3,
        amountCents: 0,
        completedAt: at(createdAt.getTime() + DAY),
      });
    }
    if (rnd.chance(0.03)) {
      tx({
        userId,
        status: 'expired',
        planKey: 'premium',
        itemName: 'Premium',
        durationMonths: 1,
        amountCents: 999,
        completedAt: at(createdAt.getTime() + HOUR),
      });
    }
  }

  function subscribe(userId: string, createdAt: Date) {
    let plan: (typeof PLANS)[number] = PLANS[rnd.int(0, 2)]!;
    let t = createdAt.getTime() + rnd.next() * 10 * DAY;
    if (plan.months === 1 && rnd.chance(0.3)) {
      tx({
        userId,
        planKey: plan.key,
        itemName: plan.name,
        durationMonths: 1,
        amountCents: 0,
        trialDays: 7,
        completedAt: at(t),
      });
      const trialEnd = t + 7 * DAY;
      if (rnd.chance(0.65)) t = trialEnd + rnd.next() * 3 * DAY;
      else if (rnd.chance(0.15)) t = trialEnd + (20 + rnd.int(0, 30)) * DAY;
      else return;
    }
    let discounted = rnd.chance(0.1);
    let carried = 0;
    let price: number = plan.cents;
    while (t < end) {
      const amount = discounted ? Math.round(price * 0.9) : price + carried;
      const row = tx({
        userId,
        planKey: plan.key,
        itemName: plan.name,
        durationMonths: plan.months,
        amountCents: amount,
        discountCents: discounted ? price - amount : null,
        completedAt: at(t),
      });
      discounted = false;
      carried = 0;
      refundMaybe(row, 0.03);
      if (rnd.chance(0.02))
        tx({
          userId,
          status: 'failed',
          planKey: plan.key,
          itemName: plan.name,
          durationMonths: plan.months,
          amountCents: price,
          completedAt: at(t - HOUR),
        });
      let next = plusMonthsUtc(new Date(t), plan.months).getTime() + rnd.int(0, 120) * 60_000;
      if (plan.months === 1 && plan.key === 'basico' && rnd.chance(0.05)) {
        // Same length upgrade: the proration rides on the next renewal.
        const when = t + 10 * DAY;
        if (when < end) {
          plan = PLANS[0];
          price = plan.cents;
          carried = 250;
          tx({
            userId,
            planKey: 'premium',
            itemName: 'Premium',
            durationMonths: 1,
            amountCents: 0,
            periodCents: price,
            adjustmentCents: carried,
            completedAt: at(when),
          });
        }
      } else if (plan.months === 1 && rnd.chance(0.03)) {
        // To the yearly plan: charged at once, a new year from then.
        const when = t + 15 * DAY;
        if (when < end) {
          plan = PLANS[2];
          price = plan.cents;
          tx({
            userId,
            planKey: 'premium',
            itemName: 'Premium',
            durationMonths: 12,
            amountCents: 9000,
            periodCents: price,
            adjustmentCents: 0,
            completedAt: at(when),
          });
          next = plusMonthsUtc(at(when), 12).getTime() + rnd.int(0, 120) * 60_000;
        }
      }
      const stays = rnd.chance(plan.months === 12 ? 0.65 : 0.88);
      if (!stays) {
        if (!rnd.chance(0.1)) return;
        next += rnd.int(40, 150) * DAY; // back after a while
      }
      t = next;
    }
  }

  const days: GenDay[] = [];
  for (let m = 0; m < HISTORY_MONTHS; m++) {
    for (const d of [3, 14, 27]) {
      const day = plusMonthsUtc(HISTORY_START, m);
      day.setUTCDate(d);
      days.push({
        day: day.toISOString().slice(0, 10),
        settled: rnd.int(1, 9),
        profitMilli: rnd.int(-8000, 9000),
        staked: rnd.int(5, 40),
      });
    }
  }
  return { users, txs, days, packs: packList.map((p) => ({ id: p.id, name: p.name })) };
}

const chunks = <T>(rows: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );

/** Writes the history in multi-row inserts. */
export async function insertHistory(db: Db, h: History): Promise<void> {
  await db
    .insert(packs)
    .values(
      h.packs.map((p) => ({ id: p.id, nombre: p.name, descripcion: 'Pack', priceCents: 1500 })),
    );
  for (const part of chunks(h.users, 2000)) {
    await db.insert(users).values(
      part.map((u, i) => ({
        id: u.id,
        firstName: 'Lector',
        lastName: String(i),
        email: `${u.id}@example.com`,
        dateOfBirth: '1990-01-01',
        createdAt: u.createdAt,
        updatedAt: u.createdAt,
      })),
    );
  }
  for (const part of chunks(h.txs, 2000)) {
    await db.insert(transactions).values(
      part.map((t) => ({
        ...t,
        currency: 'USD',
        isRecurring: t.kind === 'subscription',
        createdAt: t.completedAt,
      })),
    );
  }
  const zero = {
    won: 0,
    lost: 0,
    void: 0,
    halfWon: 0,
    halfLost: 0,
    oddsCentsSum: 0,
    levelProfitMilli: 0,
    clvMicro: 0,
    clvBets: 0,
    streakN: 0,
    leadW: 0,
    leadL: 0,
    trailW: 0,
    trailL: 0,
    maxW: 0,
    maxL: 0,
    drawdownPeak: 0,
    drawdownTrough: 0,
    drawdownFall: 0,
    pending: 0,
    withoutBet: 0,
  };
  const all = { category: 'all', sport: 'all', oddsBand: 'all', stake: 0, bookmaker: '' };
  await db.insert(trackRecordDays).values([
    ...h.days.map((d) => ({ ...all, ...zero, ...d })),
    // A filtered row: the dashboard reads only the row of no filter.
    ...h.days.map((d) => ({ ...all, category: 'free', ...zero, ...d, profitMilli: 99_999 })),
  ]);
  // The planner's statistics, as autovacuum would gather them after a bulk load.
  await db.execute(sql`analyze`);
}
