import {
  ALERT_MSG,
  type TAlertPreferences,
  type TAlertPreferencesResponse,
} from '@magotips/contracts/alerts';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth';
import { isStaff } from '../tips/entitlement';
import type { AlertPreferencesRepository } from './alert-preferences.repository';

/** GET/PUT /api/alerts/preferences. */
export function createAlertPreferencesService(deps: {
  prefs: AlertPreferencesRepository;
  clock: Clock;
}) {
  const { prefs, clock } = deps;

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
  };
}
