import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { describeDbError } from '../../lib/db-errors';
import {
  claimDue,
  type ClaimedJob,
  insertJobs,
  type JobInput,
  markDone,
  markFailed,
  pruneDone,
} from './job-queue';

export type { ClaimedJob, JobInput } from './job-queue';

export type JobContext = { db: Db; log: FastifyBaseLogger; clock: Clock };
export type JobHandler = (job: ClaimedJob, ctx: JobContext) => Promise<void>;
export type HandlerOptions = {
  /** Called once when the job gives up (after its last attempt), e.g. to mark what it was for. */
  onDead?: (job: ClaimedJob, ctx: JobContext) => Promise<void>;
};

/** Thrown by a handler that knows when to try again (a 429 with retry_after). Still an attempt. */
export class RetryLater extends Error {
  constructor(
    readonly delayMs: number,
    message: string,
  ) {
    super(message);
  }
}

export type JobRunner = {
  register(kind: string, handler: JobHandler, options?: HandlerOptions): void;
  /** Inserts jobs (in the caller's transaction when given one) and wakes this instance's worker
   * soon after: a job enqueued by a request does not wait for the next poll. */
  enqueue(db: Db, jobs: JobInput | readonly JobInput[]): Promise<number>;
  /** Runs due jobs until none is left; answers how many ran. Tests call it instead of start(). */
  runDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
};

export type JobRunnerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Jobs run side by side per instance (e-mails go out over a pooled SMTP transport). */
  concurrency?: number;
  pollMs?: number;
  /** How long a claimed job is this instance's before another may take it over. */
  leaseMs?: number;
  /** The wait before attempt n + 1, given n. */
  backoffMs?: (attempts: number) => number;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PRUNE_EVERY_MS = 10 * 60_000;

/** 5 s, 10 s, 20 s… up to an hour, ±25 % so that retries of one failure do not all come together. */
export function defaultBackoffMs(attempts: number): number {
  const base = Math.min(HOUR_MS, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** A line for the log and `last_error`: the database's redacted text, or the error's message. */
function describe(err: unknown): string {
  const db = describeDbError(err);
  if (db) return `${db.sqlState} ${db.dbMessage}`;
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, clock } = options;
  const concurrency = options.concurrency ?? 10;
  const pollMs = options.pollMs ?? 1_000;
  const leaseMs = options.leaseMs ?? 120_000;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const handlers = new Map<string, { handler: JobHandler; options: HandlerOptions }>();
  const ctx: JobContext = { db, log, clock };

  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<unknown> | null = null;
  let again = false;
  let lastPrune = 0;

  async function runOne(job: ClaimedJob): Promise<void> {
    const entry = handlers.get(job.kind);
    try {
      if (!entry) throw new Error(`sin manejador para el trabajo «${job.kind}»`);
      await entry.handler(job, ctx);
      await markDone(db, job.id, clock());
    } catch (err) {
      const now = clock();
      const error = describe(err);
      const last = job.attempts >= job.maxAttempts;
      const delay = err instanceof RetryLater ? err.delayMs : backoffMs(job.attempts);
      await markFailed(db, job.id, error, last ? null : new Date(now.getTime() + delay), now);
      if (last) {
        // The payload stays out of the log: it may name a reader.
        log.error(
          { job: job.kind, jobId: job.id, attempts: job.attempts, error },
          'trabajo descartado tras agotar sus intentos',
        );
        await entry?.options
          .onDead?.(job, ctx)
          .catch((deadErr: unknown) =>
            log.error(
              { job: job.kind, jobId: job.id, error: describe(deadErr) },
              'no se pudo marcar un trabajo descartado',
            ),
          );
      } else {
        log.warn(
          { job: job.kind, jobId: job.id, attempts: job.attempts, retryInMs: delay, error },
          'trabajo fallido: se reintentará',
        );
      }
    }
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      if (stopped && started) break;
      const claimed = await claimDue(db, clock(), concurrency, leaseMs);
      if (claimed.length === 0) break;
      await Promise.all(claimed.map(runOne));
      ran += claimed.length;
    }
    const now = clock().getTime();
    if (now - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = now;
      await pruneDone(db, new Date(now - DAY_MS));
    }
    return ran;
  }

  /** One round, never two at once: a wake during a round asks for another right after it. */
  function tick(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = null;
    if (loop) {
      again = true;
      return;
    }
    loop = runDue()
      .catch((err: unknown) =>
        log.error({ error: describe(err) }, 'la cola de trabajos no pudo leer la base de datos'),
      )
      .finally(() => {
        loop = null;
        if (stopped) return;
        if (again) {
          again = false;
          setImmediate(tick);
        } else {
          timer = setTimeout(tick, pollMs);
          timer.unref();
        }
      });
  }

  return {
    register(kind, handler, handlerOptions = {}) {
      handlers.set(kind, { handler, options: handlerOptions });
    },
    async enqueue(target, input) {
      const list = Array.isArray(input) ? input : [input as JobInput];
      const count = await insertJobs(target, list, clock());
      // A little later: inside a transaction the rows are not visible until it commits.
      if (count > 0 && started && !stopped) setTimeout(tick, 20).unref();
      return count;
    },
    runDue,
    start() {
      if (started) return;
      started = true;
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await loop;
    },
  };
}
