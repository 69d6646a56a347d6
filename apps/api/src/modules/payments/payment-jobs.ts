import { RENEWAL_GRACE_DAYS } from '@magotips/contracts/payments';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { PaymentsKit } from './payments-kit';
import { createPaymentsRepository } from './payments.repository';
import { declineSimulatedRenewal, noticeUpcomingSimulated } from './simulated-dunning';
import { simulatedIds } from './simulated-provider';

// Any constant works as long as every instance uses the same one (the migration lock is 7_242_001).
const JOB_LOCK_KEY = 7_242_010;
const DAY_MS = 86_400_000;
const BATCH = 50;
/** The first round comes soon after start (not a whole period later), but not during it. */
const FIRST_ROUND_MS = 5_000;

export type MaintenanceReport = {
  /** Renewing subscriptions whose renewal never came within the grace: no longer renewing. */
  ended: number;
  /** Stale pending payments, by what became of them. */
  reconciled: { expired: number; completed: number; failed: number; unchanged: number };
  /** Simulated subscriptions renewed (the simulated provider "charges" when due). */
  renewed: number;
  /** Simulated renewals declined by the card on file (retrying, or ended). */
  declined: number;
  /** Upcoming simulated yearly renewals told ahead (new notices only). */
  noticed: number;
};

async function tryLock(db: Db): Promise<boolean> {
  const result: unknown = await db.execute(
    sql`select pg_try_advisory_xact_lock(${JOB_LOCK_KEY}) as locked`,
  );
  const rows = (result as { rows?: { locked?: unknown }[] }).rows ?? [];
  return rows[0]?.locked === true;
}

/**
 * The periodic payment job, as a plain function (tests call it with a fixed clock):
 * 1. ends renewing subscriptions whose renewal did not arrive within the grace;
 * 2. reconciles pending payments whose checkout session's life is over with the provider
 *    (expired ones stop blocking the user; one paid at the last second is fulfilled);
 * 3. renews due simulated subscriptions (or declines them, on the simulated card 0341), and
 *    tells simulated yearly subscribers of their renewal a week ahead (decision 0095).
 * Steps 1 and 3 are the renewing product's to say (its `recurring` hooks, decision 0064).
 * The database part runs under a transaction-level advisory lock, so with several instances
 * one does the work and the others skip this round. A pooled connection cannot hold a session
 * lock across the provider calls that follow, which is why the xact variant is used; those calls
 * are idempotent anyway (row lock + status check), so an overlap would only repeat a read.
 */
export async function runPaymentMaintenance(
  kit: PaymentsKit,
  db: Db,
): Promise<MaintenanceReport | null> {
  const now = kit.clock();
  const graceStart = new Date(now.getTime() - RENEWAL_GRACE_DAYS * DAY_MS);
  const recurring = kit.products.recurring()?.recurring ?? null;
  const claimed = await db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return null;
    const ended = recurring ? await recurring.endLapsed(tx, graceStart, now) : 0;
    const stale = await createPaymentsRepository(tx).stalePending(now, BATCH);
    const due = recurring ? await recurring.dueSimulated(tx, now, graceStart, BATCH) : [];
    const noticed = recurring ? await noticeUpcomingSimulated(kit, tx, now) : 0;
    return { ended, stale, due, noticed };
  });
  // Debug lines: with several instances they show every one trying, and who held the lock when.
  if (!claimed) {
    kit.log.debug(
      { job: 'payments', lock: 'busy' },
      'trabajo de pagos: otra instancia tiene el cerrojo',
    );
    return null;
  }
  kit.log.debug(
    {
      job: 'payments',
      lock: 'held',
      ended: claimed.ended,
      stale: claimed.stale.length,
      due: claimed.due.length,
    },
    'trabajo de pagos: cerrojo obtenido',
  );

  const report: MaintenanceReport = {
    ended: claimed.ended,
    reconciled: { expired: 0, completed: 0, failed: 0, unchanged: 0 },
    renewed: 0,
    declined: 0,
    noticed: claimed.noticed,
  };
  for (const tx of claimed.stale) {
    try {
      const after = await kit.checkout.reconcile(tx);
      if (after.status === 'expired' || after.status === 'completed' || after.status === 'failed') {
        report.reconciled[after.status] += 1;
      } else {
        report.reconciled.unchanged += 1;
      }
    } catch (err) {
      kit.log.error({ err, transactionId: tx.id }, 'no se pudo conciliar un pago pendiente');
    }
  }
  if (kit.active?.name === 'simulated') {
    for (const due of claimed.due) {
      try {
        if (due.declines) {
          const outcome = await declineSimulatedRenewal(kit, due);
          if (outcome) report.declined += 1;
          continue;
        }
        const renewed = await kit.fulfilment.renew({
          userId: due.userId,
          checkout: due.checkout,
          invoiceId: simulatedIds.renewal(due.subscriptionRowId, due.periodEnd),
          priceCents: due.priceCents,
          charged: null,
          provider: 'simulated',
          subscriptionId: null,
          renews: null,
        });
        if (renewed) report.renewed += 1;
      } catch (err) {
        kit.log.error(
          { err, subscriptionId: due.subscriptionRowId },
          'no se pudo renovar una suscripción simulada',
        );
      }
    }
  }
  if (report.ended + report.renewed + report.declined + claimed.stale.length > 0)
    kit.log.info({ report }, 'mantenimiento de pagos');
  return report;
}

export type PaymentJobs = { stop(): Promise<void> };

/** Started by server.ts once it listens, on the app's kit; `stop` is awaited on shutdown
 * before the app closes. */
export function startPaymentJobs(opts: {
  kit: PaymentsKit;
  db: Db;
  intervalMs: number;
}): PaymentJobs {
  const { kit, db, intervalMs } = opts;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runPaymentMaintenance(kit, db)
      .then(() => undefined)
      .catch((err: unknown) => kit.log.error({ err }, 'el trabajo periódico de pagos falló'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setTimeout(tick, Math.min(FIRST_ROUND_MS, intervalMs));
  first.unref();

  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      if (running) await running;
    },
  };
}
