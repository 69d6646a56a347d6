import type { CountryCode } from '@magotips/contracts/countries';
import { REFERRAL_REWARD_MONTHS } from '@magotips/contracts/referrals';
import { dateInZoneText } from '@magotips/contracts/time-zone';
import { z } from 'zod';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import { escapeHtml, greeting, layout, type RenderedEmail, textFooter } from '../mail/templates';
import type { UsersRepository } from '../users/users.repository';
import { friendName } from './friend-name';

/** The e-mail that tells a reader their free month (decision 0119): a job of the durable queue,
 * enqueued in the reward's own transaction, once per referred friend. */
export const REFERRAL_EMAIL_JOB = 'referrals.reward-email';

const ZRewardEmail = z.object({
  referrerUserId: z.uuid(),
  referredUserId: z.uuid(),
  /** The access's end as the reward left it. */
  endDate: z.iso.datetime(),
  extended: z.boolean(),
});
type RewardEmailInput = z.infer<typeof ZRewardEmail>;

export function rewardEmailJob(input: RewardEmailInput): JobInput {
  return {
    kind: REFERRAL_EMAIL_JOB,
    payload: input,
    dedupeKey: `${REFERRAL_EMAIL_JOB}:${input.referredUserId}`,
  };
}

export function rewardEmail(input: {
  firstName: string;
  friend: string;
  /** The new end, in the reader's calendar. */
  until: string;
  extended: boolean;
  country: CountryCode | null;
  panelUrl: string;
}): RenderedEmail {
  const title = '¡Tienes un mes gratis!';
  const months = REFERRAL_REWARD_MONTHS === 1 ? 'un mes' : `${REFERRAL_REWARD_MONTHS} meses`;
  const paragraphs = [
    greeting(input.firstName),
    `${input.friend} se unió a MagoTips con tu enlace de invitación y su primer pago ya está confirmado. Gracias por recomendarnos: te regalamos ${months} de suscripción.`,
    input.extended
      ? `Hemos alargado tu suscripción: ahora tu acceso VIP está activo hasta el ${input.until}. Tu renovación, si la tienes, se mueve a esa fecha.`
      : `Tu acceso VIP está activo hasta el ${input.until}. No se te cobrará nada al terminar.`,
    'Puedes seguir invitando a amigos desde tu cuenta.',
  ];
  return {
    subject: 'Un mes gratis en MagoTips por invitar a un amigo',
    text: `${paragraphs.join('\n\n')}\n\nTu cuenta: ${input.panelUrl}\n${textFooter(input.country)}`,
    html: layout({
      title,
      paragraphs: paragraphs.map(escapeHtml),
      button: { label: 'Ir a mi cuenta', url: input.panelUrl },
      country: input.country,
    }),
  };
}

export function registerRewardEmailJob(deps: {
  jobs: JobRunner;
  mailer: Mailer;
  users: Pick<UsersRepository, 'contactOf'>;
  appUrl: string;
}): void {
  deps.jobs.register(REFERRAL_EMAIL_JOB, async (job) => {
    const input = ZRewardEmail.parse(job.payload);
    const reader = await deps.users.contactOf(input.referrerUserId);
    // A deleted account is nobody to write to.
    if (!reader) return;
    const friend = await deps.users.contactOf(input.referredUserId);
    await deps.mailer.send({
      to: reader.email,
      // The same key for every run of this job: a repeat after a crash is the same message.
      idempotencyKey: `referral-${job.id}`,
      ...rewardEmail({
        firstName: reader.firstName,
        friend: friend ? friendName(friend.firstName, friend.lastName) : 'Tu amigo',
        until: dateInZoneText(new Date(input.endDate), reader.timeZone),
        extended: input.extended,
        country: reader.country,
        panelUrl: `${deps.appUrl}/panel/cuenta`,
      }),
    });
  });
}
