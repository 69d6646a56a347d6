import { createHash } from 'node:crypto';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { trialUses, users } from '../../db/schema';

/** The e-mail as one person's: trimmed, lower case, without a "+tag" and, for Gmail, without
 * dots (Gmail delivers all of those to one inbox), so a new alias is not a new person. */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0] ?? '';
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** What is kept of whoever used a trial: a hash, never the address (decision 0098). */
export function trialEmailHash(email: string): string {
  return createHash('sha256')
    .update(`magotips-trial:${normaliseEmail(email)}`)
    .digest('hex');
}

/** One free trial per person: per account and per e-mail, also after the account is deleted. */
export function createTrialUses(db: Db) {
  return {
    async used(userId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: trialUses.id })
        .from(trialUses)
        .where(or(eq(trialUses.userId, userId), eq(trialUses.emailHash, trialEmailHash(email))))
        .limit(1);
      return row !== undefined;
    },

    /** Inside the payment's transaction: the trial counts exactly when it began. */
    async record(userId: string, transactionId: string, now: Date): Promise<void> {
      const [user] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return;
      await db
        .insert(trialUses)
        .values({ userId, emailHash: trialEmailHash(user.email), transactionId, createdAt: now })
        .onConflictDoNothing();
    },
  };
}
