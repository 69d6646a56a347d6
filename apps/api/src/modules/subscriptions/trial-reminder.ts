import { formatUsd, fromCents } from '@magotips/contracts/money';
import { planNoun } from '@magotips/contracts/plans';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { z } from 'zod';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import {
  escapeHtml,
  greeting as greet,
  layout,
  type RenderedEmail,
  textFooter,
} from '../mail/templates';
import type { ReaderLocale } from '../users/user-locale';
import type { UsersRepository } from '../users/users.repository';
import { createSubscriptionsRepository } from './subscriptions.repository';

/** The e-mail that tells a trialing subscriber, 3 days before, that the first charge is coming
 * (decision 0098). A job of the durable queue, enqueued with the trial itself: its key makes it
 * once per trial, and the handler stays silent if the trial was cancelled or is over. */
export const TRIAL_REMINDER_JOB = 'subscriptions.trial-reminder';
export const TRIAL_REMINDER_DAYS_BEFORE = 3;
const DAY_MS = 86_400_000;

const ZTrialReminder = z.object({ subscriptionRowId: z.uuid(), trialEndsAt: z.iso.datetime() });

export function trialReminderJob(
  subscriptionRowId: string,
  trialEndsAt: Date,
  now: Date,
): JobInput {
  const at = new Date(trialEndsAt.getTime() - TRIAL_REMINDER_DAYS_BEFORE * DAY_MS);
  return {
    kind: TRIAL_REMINDER_JOB,
    payload: { subscriptionRowId, trialEndsAt: trialEndsAt.toISOString() },
    // A trial shorter than the notice is told at once.
    runAt: at.getTime() > now.getTime() ? at : now,
    dedupeKey: `${TRIAL_REMINDER_JOB}:${subscriptionRowId}:${trialEndsAt.toISOString()}`,
  };
}

export function trialReminderEmail(input: {
  firstName: string;
  planName: string;
  amount: number;
  trialEndsAt: Date;
  panelUrl: string;
  /** The recipient's zone (the day the trial ends on their calendar) and country (help line). */
  reader: ReaderLocale;
}): RenderedEmail {
  const date = dateInZoneText(input.trialEndsAt, input.reader.timeZone);
  const title = 'Tu prueba gratuita termina pronto';
  const greeting = greet(input.firstName); // no link can hide in a name (decision 0023)
  const body = `Tu prueba gratuita del ${planNoun(input.planName)} termina el ${date}. Ese día se cobrarán ${formatUsd(input.amount)} y tu suscripción seguirá sin cortes.`;
  const cancel =
    'Si no quieres continuar, cancela la renovación desde tu cuenta antes de esa fecha: no se cobrará nada y conservarás el acceso hasta el final de la prueba.';
  return {
    subject: `Tu prueba gratuita en MagoTips termina el ${date}`,
    text: `${greeting}\n\n${body}\n\n${cancel}\n\nTu cuenta: ${input.panelUrl}\n${textFooter(input.reader.country)}`,
    html: layout({
      country: input.reader.country,
      title,
      paragraphs: [greeting, body, cancel].map(escapeHtml),
      button: { label: 'Ir a mi cuenta', url: input.panelUrl },
    }),
  };
}

export function registerTrialReminderJob(deps: {
  jobs: JobRunner;
  mailer: Mailer;
  users: Pick<UsersRepository, 'contactOf'>;
  appUrl: string;
}): void {
  deps.jobs.register(TRIAL_REMINDER_JOB, async (job, ctx) => {
    const input = ZTrialReminder.parse(job.payload);
    const row = await createSubscriptionsRepository(ctx.db).findById(input.subscriptionRowId);
    // Cancelled (nothing will be charged), replaced by another subscription, or already past.
    if (
      !row ||
      !row.isRecurring ||
      row.trialEndsAt?.toISOString() !== input.trialEndsAt ||
      row.trialThenCents === null
    )
      return;
    const contact = await deps.users.contactOf(row.userId);
    if (!contact) return;
    await deps.mailer.send({
      to: contact.email,
      idempotencyKey: `trial-reminder-${job.id}`,
      ...trialReminderEmail({
        firstName: contact.firstName,
        planName: row.planName,
        amount: fromCents(row.trialThenCents),
        trialEndsAt: new Date(input.trialEndsAt),
        panelUrl: `${deps.appUrl}/panel/cuenta`,
        reader: contact,
      }),
    });
  });
}
