import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The landing's entry script carries no Zod (decision 0120): every contracts module it reads, and
// everything those import, must define no schema. A module that mixes constants with schemas
// pulls all of Zod (about 25 KB gzip) onto every first visit, whatever the page uses of it.
const LANDING_MODULES = [
  'countries',
  'global-message-types',
  'help-resources',
  'http-errors',
  'match-status',
  'money',
  'next-path',
  'plan-grants',
  'plan-periods',
  'plans',
  'referral-rules',
  'responsible-play',
  'signed-in-hint',
  'sports',
  'time-zone',
  'tip-results',
  'tip-state',
];

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceOf = (name: string) => readFileSync(path.join(here, `${name}.ts`), 'utf8');

/** Value imports only: `import type` costs the bundle nothing. */
function importsOf(source: string): string[] {
  const specs = [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)';/gms)];
  return specs.map((m) => m[1] ?? '');
}

/** The module and every contracts module it imports, with the chain that reached each. */
function closure(start: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    for (const spec of importsOf(sourceOf(name))) {
      if (!spec.startsWith('./')) continue;
      const next = spec.slice(2).replace(/\.ts$/, '');
      if (seen.has(next)) continue;
      seen.set(next, [...(seen.get(name) ?? []), next]);
      queue.push(next);
    }
  }
  return seen;
}

describe("the landing's contracts modules", () => {
  it.each(LANDING_MODULES)('%s imports no Zod, directly or through another module', (name) => {
    const withZod = [...closure(name)]
      .filter(([module]) => importsOf(sourceOf(module)).some((s) => s === 'zod' || s.startsWith('zod/')))
      .map(([, chain]) => chain.join(' → '));
    expect(withZod).toEqual([]);
  });
});
