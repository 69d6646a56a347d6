import type { PushPayload } from '@magotips/contracts/alerts';
import { responsiblePlayLine } from '@magotips/contracts/help-resources';
import { kickOffText, oddsText } from '@magotips/contracts/kick-off-text';
import { PAST_RESULTS_NOTICE } from '@magotips/contracts/responsible-play';
import { findSport } from '@magotips/contracts/sports';
import type { AppConfig } from '../../config/config';
import type { ReaderLocale } from '../users/user-locale';
import type { AlertTip } from './alert-email';
import type { PushSubscriptionsRepository } from './push-subscriptions.repository';
import { PushError, sendPush } from './push-sender';
import { sendTelegramMessage } from './telegram-bot';
import { telegramText } from './telegram-text';

/** What a push notification says: the tip, its kick-off in the reader's zone and (the reader is
 * entitled, the fan-out checked) its bet; a click opens the tip. The tag makes a repeat replace,
 * not add. */
export function pushPayload(tip: AlertTip, reader: ReaderLocale): PushPayload {
  const kind = tip.category === 'free' ? 'gratis' : 'VIP';
  const sport = findSport(tip.icon)?.label ?? 'Deporte';
  const bet =
    tip.pick && tip.oddsCents !== null && tip.stake !== null
      ? ` · ${tip.pick} a ${oddsText(tip.oddsCents / 100)}, stake ${tip.stake} u`
      : '';
  return {
    title: `Nuevo tip ${kind}: ${tip.title}`,
    // The notice and the help line on lines of their own (decisions 0111, 0115): a folded
    // notification may cut them, an open one shows them.
    body: `${sport} · ${kickOffText(tip.matchDate, reader.timeZone)}${bet}\n${PAST_RESULTS_NOTICE}.\n${responsiblePlayLine(reader.country)}`,
    url: `/tip/${tip.id}`,
    tag: `tip-${tip.id}`,
  };
}

/**
 * Sends one reader's push alert to each of their devices. A device the push service no longer
 * knows (404/410) is removed. Answers how many devices got it; throws when none did and some
 * failed (the queue tries again; devices that got it then see the same tag replaced).
 */
export async function sendPushAlert(
  deps: { push: NonNullable<AppConfig['push']>; devices: PushSubscriptionsRepository },
  userId: string,
  message: PushPayload,
): Promise<number> {
  const payload = JSON.stringify(message);
  let delivered = 0;
  let failure: unknown = null;
  for (const device of await deps.devices.listFor(userId)) {
    try {
      const outcome = await sendPush(
        deps.push,
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        payload,
      );
      if (outcome === 'gone') await deps.devices.removeById(device.id);
      else delivered += 1;
    } catch (err) {
      failure = err;
    }
  }
  if (delivered === 0 && failure)
    throw failure instanceof Error ? failure : new PushError(String(failure));
  return delivered;
}

/** What "Enviar aviso de prueba" shows on the reader's devices. */
export const SAMPLE_PUSH: PushPayload = {
  title: 'Aviso de prueba de MagoTips',
  body: 'Así te llegará cada nuevo tip, en el momento en que se publique.',
  url: '/panel/cuenta',
  tag: 'prueba',
};

/** The public channel's post (free tips whole, VIP tips as a teaser). */
export async function sendTelegramAlert(
  deps: { telegram: NonNullable<AppConfig['telegram']>; appUrl: string },
  tip: AlertTip,
  witness: string | null = null,
): Promise<void> {
  await sendTelegramMessage(deps.telegram, telegramText(tip, deps.appUrl, witness));
}
