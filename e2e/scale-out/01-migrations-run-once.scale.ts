import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBets } from '../../apps/api/src/seed/demo-bets';
import { DEMO_PACKS, DEMO_PLANS, DEMO_TIPS } from '../../apps/api/src/seed/demo-content';
import { scaleOut } from './context';
import { repoRoot } from './instances';
import { linesWith } from './logs';
import { count, query } from './sql';

// Both instances were started together on an empty database and held at the migration lock by
// the global setup until both were queued on it: a real race for the same empty schema.

type Journal = { entries: { tag: string; when: number }[] };
const journal = JSON.parse(
  readFileSync(path.join(repoRoot, 'apps/api/drizzle/meta/_journal.json'), 'utf8'),
) as Journal;

describe('migrations and the demo seed with two instances starting together', () => {
  const { a, b, databaseUrl } = scaleOut();

  it('records every migration exactly once', async () => {
    const rows = await query<{ created_at: string; n: number }>(
      databaseUrl,
      'select created_at::text, count(*)::int as n from drizzle.__drizzle_migrations group by created_at',
    );
    // drizzle stores each journal entry's `when` as created_at.
    expect(rows.map((r) => Number(r.created_at)).sort()).toEqual(
      journal.entries.map((e) => e.when).sort(),
    );
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(await count(databaseUrl, 'select distinct hash from drizzle.__drizzle_migrations')).toBe(
      journal.entries.length,
    );
  });

  it('logs that one instance applied them all while the other waited and found nothing to do', () => {
    const reports = [a, b].map((instance) => {
      const lines = linesWith(instance.logFile, 'migrations');
      expect(lines, `${instance.name}: una línea de migraciones`).toHaveLength(1);
      return lines[0]?.migrations as { applied: number; waitedMs: number };
    });
    expect(reports.map((r) => r.applied).sort()).toEqual([0, journal.entries.length]);
    // Both were queued behind the setup's hold of the lock, so both waited for it.
    for (const report of reports) expect(report.waitedMs).toBeGreaterThan(0);
  });

  it('seeds the demo content once, and the other instance finds it present', async () => {
    const seedLines = [a, b].flatMap((instance) => linesWith(instance.logFile, 'demoSeed'));
    expect(seedLines.map((line) => line.demoSeed).sort()).toEqual(['loaded', 'present']);

    expect(await count(databaseUrl, "select 1 from app_meta where key = 'demo_seed'")).toBe(1);
    // The showcase tips and the track record's bets (how many never depends on the date).
    expect(await count(databaseUrl, 'select 1 from tips')).toBe(
      DEMO_TIPS.length + demoBets(new Date()).length,
    );
    expect(await count(databaseUrl, 'select 1 from packs')).toBe(DEMO_PACKS.length);
    expect(await count(databaseUrl, 'select 1 from plans')).toBe(DEMO_PLANS.length);
    // The seeded subscriber has one subscription and one payment, not two.
    expect(
      await count(
        databaseUrl,
        "select 1 from transactions t join users u on u.id = t.user_id where u.email = 'vip@example.com'",
      ),
    ).toBe(1);
  });

  it('writes the history into the public ledger once: one instance imports, the other finds it done', async () => {
    const importLines = [a, b].flatMap((instance) => linesWith(instance.logFile, 'ledgerImport'));
    expect(importLines).toHaveLength(1);
    expect(await count(databaseUrl, "select 1 from app_meta where key = 'ledger_imported'")).toBe(
      1,
    );
    // One chain: every seq once, from 1, and every public demo tip in it.
    const [chain] = await query<{ n: number; last: number; tips: number }>(
      databaseUrl,
      'select count(*)::int as n, max(seq)::int as last, count(distinct tip_id)::int as tips from ledger_entries',
    );
    expect(chain?.n).toBe(chain?.last);
    expect(chain?.tips).toBe(
      await count(databaseUrl, 'select 1 from tips where published_at is not null'),
    );
  });
});
