import { desc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerEntries } from '../../db/schema';

/** The ledger's last entry, for the copies we don't control to witness (Telegram posts, alert
 * e-mails): app.ts hands it to the modules that print it, so they import no ledger code. */
export async function readLedgerHead(db: Db): Promise<{ seq: number; hash: string } | null> {
  const [row] = await db
    .select({ seq: ledgerEntries.seq, hash: ledgerEntries.hash })
    .from(ledgerEntries)
    .orderBy(desc(ledgerEntries.seq))
    .limit(1);
  return row ?? null;
}
