import type { TAlertPreferences } from '@magotips/contracts/alerts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { alertPreferences, packPurchases } from '../../db/schema';
import type { PersonalChannel } from './unsubscribe-token';

/** Without a row a reader gets nothing (decision 0042). */
const NONE: TAlertPreferences = {
  email: { free: false, vip: false },
  push: { free: false, vip: false },
};

export function createAlertPreferencesRepository(db: Db) {
  return {
    async find(userId: string): Promise<TAlertPreferences> {
      const [row] = await db
        .select()
        .from(alertPreferences)
        .where(eq(alertPreferences.userId, userId));
      if (!row) return NONE;
      return {
        email: { free: row.emailFree, vip: row.emailVip },
        push: { free: row.pushFree, vip: row.pushVip },
      };
    },

    /** The four switches; the consent given at sign-up (news_consent_at) is left as it was. */
    async save(userId: string, prefs: TAlertPreferences, now: Date): Promise<void> {
      const values = {
        emailFree: prefs.email.free,
        emailVip: prefs.email.vip,
        pushFree: prefs.push.free,
        pushVip: prefs.push.vip,
        updatedAt: now,
      };
      await db
        .insert(alertPreferences)
        .values({ userId, ...values, createdAt: now })
        .onConflictDoUpdate({ target: alertPreferences.userId, set: values });
    },

    /** Both switches of a channel off (an unsubscribe link); a reader without a row gets
     * nothing already, so there is nothing to insert. */
    async turnOff(userId: string, channel: PersonalChannel, now: Date): Promise<void> {
      const off =
        channel === 'email'
          ? { emailFree: false, emailVip: false }
          : { pushFree: false, pushVip: false };
      await db
        .update(alertPreferences)
        .set({ ...off, updatedAt: now })
        .where(eq(alertPreferences.userId, userId));
    },

    /** A pack bought and still held: the buyer reads that pack's VIP tips. */
    async holdsAnyPack(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: packPurchases.id })
        .from(packPurchases)
        .where(and(eq(packPurchases.userId, userId), isNull(packPurchases.revokedAt)))
        .limit(1);
      return row !== undefined;
    },
  };
}
export type AlertPreferencesRepository = ReturnType<typeof createAlertPreferencesRepository>;
