import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jobs } from '../../db/schema';

/** A job to run: `kind` picks the handler, `payload` is its JSON input (ids, never secrets). */
export type JobInput = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this time (a scheduled publication); now when left out. */
  runAt?: Date;
  /** At most one job with this key, ever: enqueuing it again does nothing. */
  dedupeKey?: string;
  maxAttempts?: number;
};

export type ClaimedJob = {
  id: string;
  kind: string;
  payload: unknown;
  /** This run included. */
  attempts: number;
  maxAttempts: number;
};

type Row = Record<string, unknown>;

function rowsOf(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? [];
}

/** Inserts jobs in `db`, which may be the caller's transaction: the job exists exactly when the
 * change that asked for it was committed. Answers how many were new (a known dedupeKey is not). */
export async function insertJobs(db: Db, input: readonly JobInput[], now: Date): Promise<number> {
  if (input.length === 0) return 0;
  const inserted = await db
    .insert(jobs)
    .values(
      input.map((job) => ({
        kind: job.kind,
        payload: job.payload ?? {},
        runAt: job.runAt ?? now,
        dedupeKey: job.dedupeKey ?? null,
        maxAttempts: job.maxAttempts ?? 8,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return inserted.length;
}

/**
 * Takes up to `limit` due jobs for this worker: queued ones whose time has come, and running ones
 * whose lease ended (their instance died). SKIP LOCKED lets several instances claim at once
 * without taking the same row; the lease keeps the others off it while it runs.
 */
export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const leaseEnd = new Date(now.getTime() + leaseMs);
  const result = await db.execute(sql`
    with due as (
      select id from jobs
      where (state = 'queued' and run_at <= ${now}) or (state = 'running' and locked_until < ${now})
      order by run_at
      limit ${limit}
      for update skip locked
    )
    update jobs set state = 'running', attempts = jobs.attempts + 1,
      locked_until = ${leaseEnd}, updated_at = ${now}
    from due where jobs.id = due.id
    returning jobs.id, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts`);
  return rowsOf(result).map((r) => ({
    id: String(r.id),
    kind: String(r.kind),
    payload: r.payload,
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
  }));
}

export async function markDone(db: Db, id: string, now: Date): Promise<void> {
  await db.execute(sql`
    update jobs set state = 'done', locked_until = null, last_error = null, updated_at = ${now}
    where id = ${id}`);
}

/** Back to the queue at `retryAt`, or dead when `retryAt` is null. */
export async function markFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    update jobs set state = ${retryAt ? 'queued' : 'dead'}::job_state, run_at = coalesce(${retryAt}::timestamptz, run_at),
      locked_until = null, last_error = ${error}, updated_at = ${now}
    where id = ${id}`);
}

/** Done jobs without a key are only history; those with one must stay (they are the "never
 * again" of their key). */
export async function pruneDone(db: Db, before: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from jobs where state = 'done' and dedupe_key is null and updated_at < ${before}
    returning id`);
  return rowsOf(result).length;
}

/** Done jobs of one periodic `kind` (its key names a time slot, so it never comes back): they
 * may go like unkeyed history. */
export async function pruneDoneOfKind(db: Db, kind: string, before: Date): Promise<number> {
  const result = await db.execute(sql`
    delete from jobs where state = 'done' and kind = ${kind} and updated_at < ${before}
    returning id`);
  return rowsOf(result).length;
}
