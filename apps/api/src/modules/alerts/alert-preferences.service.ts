import {
  ALERT_MSG,
  type TAlertPreferences,
  type TAlertPreferencesResponse,
} from '@magotips/contracts/alerts';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth';
import { isStaff } from '../tips/entitlement';
import type { AlertPreferencesRepository } from './alert-preferences.repository';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** GET/PUT /api/alerts/preferences, and the unsubscribe link of an alert e-mail. */
export function createAlertPreferencesService(deps: {
  prefs: AlertPreferencesRepository;
  tokens: UnsubscribeTokens;
  clock: Clock;
}) {
  const { prefs, tokens, clock } = deps;

  /** Whether VIP alerts would reach this reader today: the tips module's rule (entitlement.ts)
   * read for "some VIP tip", so a buyer counts whatever pack they hold. */
  async function vipEligible(auth: AuthContext): Promise<boolean> {
    if (auth.isSubscriber || isStaff(auth)) return true;
    return prefs.holdsAnyPack(auth.userId);
  }

  return {
    async get(auth: AuthContext): Promise<TAlertPreferencesResponse> {
      const [preferences, eligible] = await Promise.all([
        prefs.find(auth.userId),
        vipEligible(auth),
      ]);
      return { success: true, preferences, vipEligible: eligible };
    },

    async save(auth: AuthContext, input: TAlertPreferences): Promise<TAlertPreferencesResponse> {
      await prefs.save(auth.userId, input, clock());
      return {
        success: true,
        preferences: input,
        vipEligible: await vipEligible(auth),
        message: ALERT_MSG.preferencesSaved,
      };
    },

    /** Turns off the alerts of the link's channel, without signing in (RFC 8058). Idempotent:
     * the same link used twice answers the same. */
    async unsubscribe(token: string): Promise<{ success: true; message: string }> {
      const reader = tokens.verify(token);
      if (!reader) throw AppError.badRequest(ALERT_MSG.unsubscribeInvalid);
      await prefs.turnOff(reader.userId, reader.channel, clock());
      return { success: true, message: ALERT_MSG.unsubscribed };
    },
  };
}
