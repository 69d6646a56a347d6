import { UNSUBSCRIBE_PATH } from '@magotips/contracts/alerts';
import { headLabel } from '@magotips/contracts/ledger';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { tips, users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { type ClaimedJob, type JobContext, type JobRunner, RetryLater } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import { type AlertTip, tipAlertEmail } from './alert-email';
import type { AlertDeliveriesRepository } from './alert-deliveries.repository';
import { ALERT_JOBS } from './alert-job-kinds';
import { pushPayload, SAMPLE_PUSH, sendPushAlert, sendTelegramAlert } from './alert-channels';
import type { AlertReadersRepository, ReaderChannel } from './alert-readers.repository';
import { readerLocale } from '../users/user-locale';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** Readers per fan-out transaction: few enough to keep each one short, many enough that
 * 10,000 readers are 20 round trips. */
export const FANOUT_BATCH = 500;

const ZTipPayload = z.object({ tipId: z.uuid() });
const ZDeliveryPayload = z.object({ deliveryId: z.uuid() });
const ZUserPayload = z.object({ userId: z.uuid() });

export type AlertJobsDeps = {
  config: Pick<AppConfig, 'appUrl' | 'push' | 'telegram'>;
  db: Db;
  clock: Clock;
  jobs: JobRunner;
  mailer: Mailer;
  readers: AlertReadersRepository;
  deliveries: AlertDeliveriesRepository;
  tokens: UnsubscribeTokens;
  devices: PushSubscriptionsRepository;
  /** The ledger's head at the time of sending, printed in each post and e-mail (the proof
   * issue): a copy of it outside our servers fixes the record up to that entry. */
  ledgerHead: () => Promise<{ seq: number; hash: string } | null>;
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
  const { config, db, clock, jobs, mailer, readers, deliveries, tokens, devices } = deps;
  const witness = async () => {
    const head = await deps.ledgerHead();
    return head ? headLabel(head) : null;
  };
  // Push only where it is configured; the channel post only with a bot and a channel.
  const readerChannels: ReaderChannel[] = config.push ? ['email', 'push'] : ['email'];

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
    const enqueueDeliveries = (tx: Db, ids: string[]) =>
      jobs.enqueue(
        tx,
        ids.map((deliveryId) => ({ kind: ALERT_JOBS.deliver, payload: { deliveryId } })),
      );
    let queued = 0;
    // The channel post first: it has one reader, the public, and is its own job, so a Telegram
    // failure never holds back the readers' alerts (nor theirs it).
    if (config.telegram) {
      queued += await db.transaction(async (tx) => {
        const ids = await deliveries.insert(tx, tip.id, 'telegram', [null], now);
        await enqueueDeliveries(tx, ids);
        return ids.length;
      });
    }
    for (const channel of readerChannels) {
      let after: string | null = null;
      for (;;) {
        const last: string | null = await db.transaction(async (tx) => {
          const page = await readers.page(tx, tip, channel, now, after, FANOUT_BATCH);
          const ids = await deliveries.insert(tx, tip.id, channel, page, now);
          await enqueueDeliveries(tx, ids);
          queued += ids.length;
          return page.length < FANOUT_BATCH ? null : (page.at(-1) ?? null);
        });
        if (last === null) break;
        after = last;
      }
    }
    ctx.log.info({ job: job.kind, jobId: job.id, queued }, 'avisos de un tip en cola');
  }

  async function deliver(job: ClaimedJob): Promise<void> {
    const { deliveryId } = ZDeliveryPayload.parse(job.payload);
    const delivery = await deliveries.find(deliveryId);
    // Gone with its tip, or already sent by a run whose instance died before finishing.
    if (!delivery || delivery.state === 'sent') return;
    const { userId, email, tip, channel } = delivery;
    const reader = readerLocale(delivery);
    const now = clock();
    const wanted =
      delivery.isPublished &&
      (channel === 'telegram'
        ? config.telegram !== undefined
        : userId !== null &&
          (channel === 'email' ? email !== null : config.push !== undefined) &&
          (await readers.stillWants(userId, tip, now, channel)));
    if (!wanted) {
      await deliveries.withdraw(delivery.id);
      return;
    }
    if (!(await deliveries.markSending(delivery.id, now))) return;
    try {
      if (channel === 'telegram' && config.telegram) {
        await sendTelegramAlert(
          { telegram: config.telegram, appUrl: config.appUrl },
          tip,
          await witness(),
        );
      } else if (channel === 'push' && config.push && userId) {
        const reached = await sendPushAlert(
          { push: config.push, devices },
          userId,
          pushPayload(tip, reader),
        );
        // Every device was gone (the browser unsubscribed): nothing to count as sent.
        if (reached === 0) {
          await deliveries.withdraw(delivery.id);
          return;
        }
      } else if (userId && email) {
        const unsubscribe = headersFor(userId);
        await mailer.send({
          to: email,
          headers: unsubscribe.headers,
          // A repeat after a crash is the same message (decision 0042).
          idempotencyKey: `alert-${delivery.id}`,
          ...tipAlertEmail({
            tip,
            firstName: delivery.firstName ?? '',
            ...reader,
            // stillWants checked the entitlement of a VIP tip's reader a moment ago.
            showBet: true,
            tipUrl: `${config.appUrl}/tip/${tip.id}`,
            unsubscribeUrl: unsubscribe.url,
            witness: await witness(),
            recordUrl: `${config.appUrl}/historial`,
          }),
        });
      }
    } catch (err) {
      const error = describe(err);
      await deliveries.markFailed(delivery.id, error, clock());
      // A 429's wait goes to the queue as it is; other lines without the reader's address.
      if (err instanceof RetryLater) throw err;
      throw new Error(error);
    }
    await deliveries.markSent(delivery.id, clock());
  }

  async function sendTest(job: ClaimedJob): Promise<void> {
    const { userId } = ZUserPayload.parse(job.payload);
    const [user] = await db
      .select({
        email: users.email,
        firstName: users.firstName,
        country: users.country,
        timeZone: users.timeZone,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) return;
    // The reader's devices too, if any: the test is of every channel they have set up. A device
    // that fails does not keep the e-mail from going.
    if (config.push) {
      await sendPushAlert({ push: config.push, devices }, userId, SAMPLE_PUSH).catch(() => 0);
    }
    const unsubscribe = headersFor(userId);
    await mailer.send({
      to: user.email,
      headers: unsubscribe.headers,
      ...tipAlertEmail({
        tip: sampleTip(clock()),
        firstName: user.firstName,
        ...readerLocale(user),
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
