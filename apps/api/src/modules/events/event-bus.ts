import type { Db } from '../../db/database';
import type { JobInput, JobRunner } from '../jobs/job-runner';

/** Runs inside the emitting transaction: for what must exist exactly when the change does (the
 * ledger's entry of a publication), and fails the change when it fails. */
export type InTransactionHandler<E> = (event: E, tx: Db) => Promise<void>;
/** Turns an event into a durable job (or none): enqueued in the emitting transaction, run by the
 * job queue after the commit, retried on failure (the alerts' fan-out). */
export type JobOfEvent<E> = (event: E) => JobInput | readonly JobInput[] | null;

export type EventBus<E extends { type: string }> = {
  within<T extends E['type']>(
    type: T,
    handler: InTransactionHandler<Extract<E, { type: T }>>,
  ): void;
  queue<T extends E['type']>(type: T, jobOf: JobOfEvent<Extract<E, { type: T }>>): void;
  /** Called by the emitting module inside its transaction. */
  emit(tx: Db, event: E): Promise<void>;
};

/**
 * One in-process bus for a module's events (decision 0073): the emitter knows only the bus, the
 * subscribers register from app.ts, so the emitter imports none of them. Durable delivery is the
 * job queue's: a queued subscriber's job is inserted in the emitter's transaction, so it exists
 * exactly when the change does and survives a crash.
 */
export function createEventBus<E extends { type: string }>(
  jobs: Pick<JobRunner, 'enqueue'>,
): EventBus<E> {
  const inTransaction = new Map<string, InTransactionHandler<E>[]>();
  const queued = new Map<string, JobOfEvent<E>[]>();
  const add = <H>(map: Map<string, H[]>, type: string, handler: H) =>
    map.set(type, [...(map.get(type) ?? []), handler]);
  return {
    within(type, handler) {
      add(inTransaction, type, handler as InTransactionHandler<E>);
    },
    queue(type, jobOf) {
      add(queued, type, jobOf as JobOfEvent<E>);
    },
    async emit(tx, event) {
      for (const handler of inTransaction.get(event.type) ?? []) await handler(event, tx);
      for (const jobOf of queued.get(event.type) ?? []) {
        const job = jobOf(event);
        if (job) await jobs.enqueue(tx, job);
      }
    },
  };
}
