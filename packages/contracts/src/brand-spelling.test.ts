import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './payments';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DIRS = ['apps/api/src', 'apps/api/test', 'apps/web/src', 'packages/contracts/src', 'e2e'];
const SELF = 'packages/contracts/src/brand-spelling.test.ts';
// The brand written as one word: built here so this file does not match itself.
const WRONG = ['Mercado', 'Pago'].join('');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|html|css)$/.test(entry.name)) yield path;
  }
}

// Issue 12 item 16: one spelling, the brand's own ("Mercado Pago"), server and client.
describe('Mercado Pago spelling', () => {
  it('the "coming soon" message uses the brand spelling', () => {
    expect(PAYMENT_MESSAGES.mercadopagoSoon).toBe(
      'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
    );
  });

  it('no source file writes it as one word', () => {
    const offenders = DIRS.flatMap((dir) => [...sourceFiles(join(ROOT, dir))])
      .map((path) => relative(ROOT, path))
      .filter((path) => path !== SELF && readFileSync(join(ROOT, path), 'utf8').includes(WRONG));
    expect(offenders).toEqual([]);
  });
});
