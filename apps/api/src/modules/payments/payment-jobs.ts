import { RENEWAL_GRACE_DAYS } from '@magotips/contracts/payments';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/config';
import type { Database, Db } from '../../db/database';
import { systemClock } from '../../lib/clock';
import { createMailer } from '../mail/mailer';
import { createPaymentsKit, existingPaymentsKit, type PaymentsKit } from './payments-kit';
import { createPaymentsRepository } from './payments.repository';
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
 * 3. renews due simulated subscriptions.
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
  const claimed = await db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return null;
    const r = createPaymentsRepository(tx);
    const ended = await r.endLapsedRenewals(graceStart, now);
    const stale = await r.stalePending(now, BATCH);
    const due = await r.dueSimulatedRenewals(now, graceStart, BATCH);
    return { ended, stale, due };
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
    for (const subscription of claimed.due) {
      try {
        const plan = subscription.planId ? await kit.repo.findPlan(subscription.planId) : null;
        if (!plan) continue;
        const renewed = await kit.fulfilment.renew({
          userId: subscription.userId,
          checkout: {
            planId: plan.id,
            itemName: plan.name,
            planKey: plan.key,
            durationMonths: plan.durationMonths,
            currency: 'USD',
          },
          invoiceId: simulatedIds.renewal(subscription.id, subscription.endDate),
          priceCents: plan.priceCents,
          charged: null,
          provider: 'simulated',
          subscriptionId: null,
          renews: null,
        });
        if (renewed) report.renewed += 1;
      } catch (err) {
        kit.log.error(
          { err, subscriptionId: subscription.id },
          'no se pudo renovar una suscripción simulada',
        );
      }
    }
  }
  if (report.ended + report.renewed + claimed.stale.length > 0)
    kit.log.info({ report }, 'mantenimiento de pagos');
  return report;
}

export type PaymentJobs = { stop(): Promise<void> };

/** Started by server.ts once it listens; `stop` is awaited on shutdown before the app closes. */
export function startPaymentJobs(opts: {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
}): PaymentJobs {
  const { config, database, log } = opts;
  const existing = existingPaymentsKit(database.db, config);
  // The app's kit normally exists (its routes built it); a kit of our own needs a mailer too.
  const ownMailer = existing ? null : createMailer(config, log);
  const kit =
    existing ??
    createPaymentsKit(
      {
        config,
        db: database.db,
        clock: systemClock,
        mailer: ownMailer ?? createMailer(config, log),
      },
      log,
    );

  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runPaymentMaintenance(kit, database.db)
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'el trabajo periódico de pagos falló'))
      .finally(() => {
        running = null;
      });
  };
  const intervalMs = config.paymentJobIntervalMs;
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setTimeout(tick, Math.min(FIRST_ROUND_MS, intervalMs));
  first.unref();

  return {
    async stop() {
      clearInterval(timer);
      clearTimeout(first);
      if (running) await running;
      await ownMailer?.close();
    },
  };
}
