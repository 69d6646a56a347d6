import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AGE_AND_RESPONSIBLE_PLAY,
  FORBIDDEN_PHRASES,
  findForbiddenPhrases,
  PAST_RESULTS_NOTICE,
} from './responsible-play';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Where the product's Spanish lives: the shared texts, the web app (its page shell and service
 * worker too) and the API's e-mails, Telegram posts and error messages. */
const PLACES = [
  'packages/contracts/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/api/src',
];
/** The list itself names every phrase. */
const LIST = 'packages/contracts/src/responsible-play.ts';
const isTest = (name: string) => /\.(test|spec|e2e)\.tsx?$/.test(name) || name === 'testing';

function* textFiles(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (/\.(ts|tsx|js|mjs|html|json|webmanifest)$/.test(path)) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.') || isTest(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* textFiles(child);
    else if (/\.(ts|tsx|js|mjs|html|json|webmanifest)$/.test(entry.name)) yield child;
  }
}

describe('findForbiddenPhrases', () => {
  it('finds a promise whatever its case, accents or spacing', () => {
    expect(findForbiddenPhrases('¡Dinero SEGURO cada semana!')).toEqual(['dinero seguro']);
    expect(findForbiddenPhrases('Exito garantizado y apuestas  seguras')).toEqual([
      'éxito garantizado',
      'apuestas seguras',
    ]);
    expect(findForbiddenPhrases('Una apuesta\nsegura, 100% seguro.')).toEqual([
      'apuesta segura',
      '100% seguro',
    ]);
    expect(findForbiddenPhrases('Ganancias garantizadas. HAZTE RICO.')).toEqual([
      'ganancias garantizadas',
      'hazte rico',
    ]);
  });

  it('matches whole words only', () => {
    expect(findForbiddenPhrases('un camino sin riesgoso atajo')).toEqual([]);
    expect(findForbiddenPhrases('apuesta seguramente perdida')).toEqual([]);
    expect(findForbiddenPhrases('eldinero seguro')).toEqual([]);
  });

  it('lets honest texts through', () => {
    expect(findForbiddenPhrases(PAST_RESULTS_NOTICE)).toEqual([]);
    expect(findForbiddenPhrases(AGE_AND_RESPONSIBLE_PLAY)).toEqual([]);
    expect(
      findForbiddenPhrases(
        'Cada tip es un análisis y una opinión, no una garantía de resultado. Apuesta solo lo que puedas permitirte perder.',
      ),
    ).toEqual([]);
  });

  it('finds every phrase of the list in its own spelling', () => {
    for (const phrase of FORBIDDEN_PHRASES) expect(findForbiddenPhrases(phrase)).toContain(phrase);
  });
});

// Issue 32 item 5: no text of the product promises winnings or certainty.
describe('the product promises no winnings', () => {
  const files = PLACES.flatMap((place) => [...textFiles(join(ROOT, place))])
    .map((path) => relative(ROOT, path))
    .filter((path) => path !== LIST);

  it('reads the texts it should', () => {
    expect(files).toContain('apps/web/src/features/legal/disclaimer-content.tsx');
    expect(files).toContain('apps/api/src/modules/alerts/telegram-text.ts');
    expect(files).toContain('packages/contracts/src/telegram.ts');
    expect(files.some((path) => /\.test\.tsx?$/.test(path))).toBe(false);
  });

  it('no Spanish text says any forbidden phrase', () => {
    const hits = files.flatMap((path) =>
      findForbiddenPhrases(readFileSync(join(ROOT, path), 'utf8')).map(
        (phrase) => `${path}: «${phrase}»`,
      ),
    );
    expect(hits).toEqual([]);
  });
});
