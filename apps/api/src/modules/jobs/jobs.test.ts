import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import type { Database } from '../../db/database';
import { jobs } from '../../db/schema';
import { claimDue } from './job-queue';
import { type ClaimedJob, createJobRunner, type JobRunnerOptions, RetryLater } from './job-runner';

const SECOND = 1_000;

let database: Database;
let now = new Date('2026-11-20T10:00:00Z');
const clock = () => now;
let lines: Record<string, unknown>[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

function runner(extra: Partial<JobRunnerOptions> = {}) {
  return createJobRunner({ db: database.db, log, clock, backoffMs: () => 10 * SECOND, ...extra });
}

async function stateOf(id: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

async function onlyJob() {
  const rows = await database.db.select().from(jobs);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
  lines = [];
  now = new Date('2026-11-20T10:00:00Z');
});

describe('the job queue', () => {
  it('runs a job once, and a dedupe key is never enqueued twice, even after it ran', async () => {
    const r = runner();
    const seen: unknown[] = [];
    r.register('greet', async (job) => void seen.push(job.payload));
    expect(
      await r.enqueue(database.db, { kind: 'greet', payload: { n: 1 }, dedupeKey: 'greet:1' }),
    ).toBe(1);
    expect(
      await r.enqueue(database.db, { kind: 'greet', payload: { n: 2 }, dedupeKey: 'greet:1' }),
    ).toBe(0);
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await onlyJob()).state).toBe('done');
    expect(await r.enqueue(database.db, { kind: 'greet', dedupeKey: 'greet:1' })).toBe(0);
    expect(await r.runDue()).toBe(0);
  });

  it('a job enqueued in a transaction that rolls back does not exist', async () => {
    const r = runner();
    await expect(
      database.db.transaction(async (tx) => {
        await r.enqueue(tx, { kind: 'greet' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await database.db.select().from(jobs)).toEqual([]);
  });

  it('waits for run_at', async () => {
    const r = runner();
    let ran = 0;
    r.register('later', async () => void ran++);
    await r.enqueue(database.db, { kind: 'later', runAt: new Date(now.getTime() + 60 * SECOND) });
    expect(await r.runDue()).toBe(0);
    now = new Date(now.getTime() + 61 * SECOND);
    expect(await r.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('retries a failure after its backoff, then gives up as dead with one log line and no payload', async () => {
    const r = runner();
    const dead: ClaimedJob[] = [];
    let calls = 0;
    r.register(
      'flaky',
      async () => {
        calls++;
        throw new Error('servidor caído');
      },
      { onDead: async (job) => void dead.push(job) },
    );
    await r.enqueue(database.db, {
      kind: 'flaky',
      payload: { email: 'lector@example.com' },
      maxAttempts: 3,
    });
    expect(await r.runDue()).toBe(1);
    const afterFirst = await onlyJob();
    expect(afterFirst).toMatchObject({ state: 'queued', attempts: 1, lastError: 'servidor caído' });
    expect(afterFirst.runAt.getTime()).toBe(now.getTime() + 10 * SECOND);
    // Not before its time.
    expect(await r.runDue()).toBe(0);
    for (let i = 0; i < 2; i++) {
      now = new Date(now.getTime() + 11 * SECOND);
      expect(await r.runDue()).toBe(1);
    }
    expect(calls).toBe(3);
    expect(await onlyJob()).toMatchObject({ state: 'dead', attempts: 3 });
    expect(dead.map((j) => j.kind)).toEqual(['flaky']);
    now = new Date(now.getTime() + 3_600 * SECOND);
    expect(await r.runDue()).toBe(0);

    const deadLines = lines.filter((l) => l.msg === 'trabajo descartado tras agotar sus intentos');
    expect(deadLines).toHaveLength(1);
    expect(deadLines[0]).toMatchObject({ level: 50, job: 'flaky', attempts: 3 });
    expect(JSON.stringify(lines)).not.toContain('lector@example.com');
  });

  it('honours a handler that says when to try again', async () => {
    const r = runner();
    let calls = 0;
    r.register('limited', async () => {
      calls++;
      if (calls === 1) throw new RetryLater(30 * SECOND, '429: espera 30 s');
    });
    await r.enqueue(database.db, { kind: 'limited' });
    const { id } = await onlyJob();
    await r.runDue();
    expect((await stateOf(id))!.runAt.getTime()).toBe(now.getTime() + 30 * SECOND);
    now = new Date(now.getTime() + 29 * SECOND);
    expect(await r.runDue()).toBe(0);
    now = new Date(now.getTime() + 2 * SECOND);
    expect(await r.runDue()).toBe(1);
    expect((await stateOf(id))!.state).toBe('done');
  });

  it('a job of an unknown kind fails rather than vanishing', async () => {
    const r = runner();
    await r.enqueue(database.db, { kind: 'nadie', maxAttempts: 1 });
    await r.runDue();
    expect(await onlyJob()).toMatchObject({
      state: 'dead',
      lastError: 'sin manejador para el trabajo «nadie»',
    });
  });

  it('a job whose instance died is taken over when its lease ends, not before', async () => {
    const r = runner({ leaseMs: 60 * SECOND });
    let ran = 0;
    r.register('work', async () => void ran++);
    await r.enqueue(database.db, { kind: 'work' });
    // Another instance claims it and is killed before finishing.
    const taken = await claimDue(database.db, now, 10, 60 * SECOND);
    expect(taken).toHaveLength(1);
    expect(await r.runDue()).toBe(0);
    now = new Date(now.getTime() + 61 * SECOND);
    expect(await r.runDue()).toBe(1);
    expect(ran).toBe(1);
    expect(await onlyJob()).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('two instances working one queue run each job exactly once', async () => {
    const runs = new Map<string, number>();
    const handler = async (job: ClaimedJob) => {
      const { n } = job.payload as { n: string };
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      runs.set(n, (runs.get(n) ?? 0) + 1);
    };
    const a = runner({ concurrency: 7 });
    const b = runner({ concurrency: 5 });
    a.register('count', handler);
    b.register('count', handler);
    await a.enqueue(
      database.db,
      Array.from({ length: 300 }, (_, i) => ({ kind: 'count', payload: { n: String(i) } })),
    );
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(300);
    expect(runs.size).toBe(300);
    expect([...runs.values()].every((v) => v === 1)).toBe(true);
  });

  it('started, it runs what is enqueued without waiting for a poll, and stop waits for the job in hand', async () => {
    const r = runner({ pollMs: 60 * SECOND });
    let finished = false;
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    r.register('slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    r.start();
    await r.enqueue(database.db, { kind: 'slow' });
    await begun;
    await r.stop();
    expect(finished).toBe(true);
    expect((await onlyJob()).state).toBe('done');
  });
});
