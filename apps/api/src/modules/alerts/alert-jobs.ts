import { UNSUBSCRIBE_PATH } from '@magotips/contracts/alerts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { tips, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { ClaimedJob, JobContext, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import { type AlertTip, tipAlertEmail } from './alert-email';
import type { AlertDeliveriesRepository } from './alert-deliveries.repository';
import { ALERT_JOBS } from './alert-job-kinds';
import type { AlertReadersRepository } from './alert-readers.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** Readers per fan-out transaction: few enough to keep each one short, many enough that
 * 10,000 readers are 20 round trips. */
export const FANOUT_BATCH = 500;

const ZTipPayload = z.object({ tipId: z.uuid() });
const ZDeliveryPayload = z.object({ deliveryId: z.uuid() });
const ZUserPayload = z.object({ userId: z.uuid() });

export type AlertJobsDeps = {
  config: Pick<AppConfig, 'appUrl'>;
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  mailer: Mailer;
  readers: AlertReadersRepository;
  deliveries: AlertDeliveriesRepository;
  tokens: UnsubscribeTokens;
};

/** The sample the account page's "Enviar aviso de prueba" sends. */
function sampleTip(now: Date): AlertTip {
  return {
    id: 'prueba',
    title: 'Equipo local vs. Equipo visitante',
    icon: 'football',
    category: 'free',
    matchDate: new Date(now.getTime() + 24 * 3_600_000),
    pick: 'Gana el local',
    oddsCents: 185,
    stake: 2,
  };
}

/** Registers the alert jobs on the queue (decision 0042). */
export function registerAlertJobs(deps: AlertJobsDeps): void {
  const { config, db, clock, jobs, mailer, readers, deliveries, tokens } = deps;

  function headersFor(userId: string): { url: string; headers: Record<string, string> } {
    const url = `${config.appUrl}${UNSUBSCRIBE_PATH}?token=${tokens.sign(userId, 'email')}`;
    return {
      url,
      // RFC 8058: a mail provider's "unsubscribe" button POSTs to this address at once.
      headers: {
        'List-Unsubscribe': `<${url}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** Every batch is one transaction that writes its deliveries and their jobs together, so a
   * crash leaves either both or neither; a second run (after a crash) finds the rows there
   * and adds nothing. */
  async function fanout(job: ClaimedJob, ctx: JobContext): Promise<void> {
    const { tipId } = ZTipPayload.parse(job.payload);
    const [tip] = await db
      .select({ id: tips.id, category: tips.category, isPublished: tips.isPublished })
      .from(tips)
      .where(eq(tips.id, tipId));
    if (!tip?.isPublished) {
      // Hidden (or deleted) before its turn came: nobody is told of a tip they cannot open.
      ctx.log.info({ job: job.kind, jobId: job.id }, 'tip no público: aviso no enviado');
      return;
    }
    const now = clock();
    let after: string | null = null;
    let queued = 0;
    for (;;) {
      const last: string | null = await db.transaction(async (tx) => {
        const page = await readers.page(tx, tip, now, after, FANOUT_BATCH);
        const ids = await deliveries.insertEmail(tx, tip.id, page, now);
        await jobs.enqueue(
          tx,
          ids.map((deliveryId) => ({ kind: ALERT_JOBS.deliver, payload: { deliveryId } })),
        );
        queued += ids.length;
        return page.length < FANOUT_BATCH ? null : (page.at(-1) ?? null);
      });
      if (last === null) break;
      after = last;
    }
    ctx.log.info({ job: job.kind, jobId: job.id, queued }, 'avisos de un tip en cola');
  }

  async function deliver(job: ClaimedJob): Promise<void> {
    const { deliveryId } = ZDeliveryPayload.parse(job.payload);
    const delivery = await deliveries.find(deliveryId);
    // Gone with its tip, or already sent by a run whose instance died before finishing.
    if (!delivery || delivery.state === 'sent') return;
    const { userId, email, tip } = delivery;
    const now = clock();
    if (
      !userId ||
      !email ||
      !delivery.isPublished ||
      !(await readers.stillWants(userId, tip, now))
    ) {
      await deliveries.withdraw(delivery.id);
      return;
    }
    if (!(await deliveries.markSending(delivery.id, now))) return;
    const unsubscribe = headersFor(userId);
    try {
      await mailer.send({
        to: email,
        headers: unsubscribe.headers,
        ...tipAlertEmail({
          tip,
          firstName: delivery.firstName ?? '',
          // stillWants checked the entitlement of a VIP tip's reader a moment ago.
          showBet: true,
          tipUrl: `${config.appUrl}/tip/${tip.id}`,
          unsubscribeUrl: unsubscribe.url,
        }),
      });
    } catch (err) {
      const error = describe(err);
      await deliveries.markFailed(delivery.id, error, clock());
      // The queue logs this line: it goes without the reader's address.
      throw new Error(error);
    }
    await deliveries.markSent(delivery.id, clock());
  }

  async function sendTest(job: ClaimedJob): Promise<void> {
    const { userId } = ZUserPayload.parse(job.payload);
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    const unsubscribe = headersFor(userId);
    await mailer.send({
      to: user.email,
      headers: unsubscribe.headers,
      ...tipAlertEmail({
        tip: sampleTip(clock()),
        firstName: user.firstName,
        showBet: true,
        tipUrl: `${config.appUrl}/panel/cuenta`,
        unsubscribeUrl: unsubscribe.url,
        sample: true,
      }),
    });
  }

  jobs.register(ALERT_JOBS.fanout, fanout);
  jobs.register(ALERT_JOBS.deliver, deliver, {
    onDead: async (job) => {
      const parsed = ZDeliveryPayload.safeParse(job.payload);
      if (parsed.success) await deliveries.markDead(parsed.data.deliveryId, clock());
    },
  });
  jobs.register(ALERT_JOBS.test, sendTest);
}

/** The error's own line for `last_error` and the log: the SMTP answer ("550 mailbox
 * unavailable"), never a stack, and any address in it (servers quote the recipient) masked. */
function describe(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/[^\s<>"@]+@[^\s<>"@]+/g, '[dirección]').slice(0, 500);
}
