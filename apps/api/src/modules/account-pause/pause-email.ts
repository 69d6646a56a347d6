import { type CountryCode, isCountryCode } from '@magotips/contracts/countries';
import { dateInZoneText, safeTimeZone } from '@magotips/contracts/time-zone';
import { z } from 'zod';
import type { JobInput, JobRunner } from '../jobs/job-runner';
import type { Mailer } from '../mail/mailer';
import { escapeHtml, greeting, layout, type RenderedEmail, textFooter } from '../mail/templates';
import type { UsersRepository } from '../users/users.repository';

/** The e-mail that confirms a pause and its end (decision 0116), or the end a lift request set.
 * A job of the durable queue, enqueued in the pause's own transaction. */
export const PAUSE_EMAIL_JOB = 'account-pause.email';

const ZPauseEmail = z.object({
  userId: z.uuid(),
  occasion: z.enum(['paused', 'lift']),
  /** The end as it was decided; null: indefinite. */
  until: z.iso.datetime().nullable(),
});
type PauseEmailInput = z.infer<typeof ZPauseEmail>;

export function pauseEmailJob(input: PauseEmailInput, now: Date): JobInput {
  return {
    kind: PAUSE_EMAIL_JOB,
    payload: input,
    dedupeKey: `${PAUSE_EMAIL_JOB}:${input.userId}:${input.occasion}:${now.getTime()}`,
  };
}

export function pauseEmail(input: {
  firstName: string;
  occasion: PauseEmailInput['occasion'];
  /** The end in the reader's calendar; null: indefinite. */
  until: string | null;
  /** For the footer's help resource (decision 0115), which every e-mail carries. */
  country: CountryCode | null;
  panelUrl: string;
}): RenderedEmail {
  const title = input.occasion === 'lift' ? 'Tu pausa terminará pronto' : 'Tu cuenta está en pausa';
  const hello = greeting(input.firstName);
  const end =
    input.occasion === 'lift'
      ? `Has pedido levantar la pausa indefinida de tu cuenta. Por tu protección, terminará el ${input.until ?? ''}: hasta entonces todo sigue en pausa.`
      : input.until
        ? `Tu cuenta queda en pausa hasta el ${input.until}. Ese día volverá a funcionar como antes, sin que tengas que hacer nada.`
        : 'Tu cuenta queda en pausa indefinida. Pasados 6 meses podrás pedir levantarla desde tu cuenta; terminará 7 días después de pedirlo.';
  const what =
    'Mientras dure: no recibirás alertas por ningún canal, no podrás comprar ni regalar, la renovación automática está cancelada y sales del grupo VIP de Telegram. Lo que ya pagaste sigue disponible.';
  const early = 'Una pausa no puede acortarse: ni tú ni nuestro equipo podemos levantarla antes.';
  const paragraphs = input.occasion === 'lift' ? [hello, end] : [hello, end, what, early];
  return {
    subject:
      input.occasion === 'lift'
        ? 'Tu pausa en MagoTips terminará pronto'
        : 'Tu cuenta de MagoTips está en pausa',
    text: `${paragraphs.join('\n\n')}\n\nTu cuenta: ${input.panelUrl}\n${textFooter(input.country)}`,
    html: layout({
      title,
      paragraphs: paragraphs.map(escapeHtml),
      button: { label: 'Ir a mi cuenta', url: input.panelUrl },
      country: input.country,
    }),
  };
}

export function registerPauseEmailJob(deps: {
  jobs: JobRunner;
  mailer: Mailer;
  users: Pick<UsersRepository, 'findAccount'>;
  appUrl: string;
}): void {
  deps.jobs.register(PAUSE_EMAIL_JOB, async (job) => {
    const input = ZPauseEmail.parse(job.payload);
    const account = await deps.users.findAccount(input.userId);
    // A deleted account is nobody to write to.
    if (!account) return;
    const { user } = account;
    const zone = safeTimeZone(user.timeZone);
    await deps.mailer.send({
      to: user.email,
      // The same key for every run of this job: a repeat after a crash is the same message.
      idempotencyKey: `pause-${job.id}`,
      ...pauseEmail({
        firstName: user.firstName,
        occasion: input.occasion,
        until: input.until ? dateInZoneText(new Date(input.until), zone) : null,
        country: isCountryCode(user.country) ? user.country : null,
        panelUrl: `${deps.appUrl}/panel/cuenta`,
      }),
    });
  });
}
