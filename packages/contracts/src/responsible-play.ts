/** Responsible play (issue 32): the words every surface shares, written once. */

/** Under every figure of the record and in every alert (issue 32 item 5, decision 0111). */
export const PAST_RESULTS_NOTICE = 'Los resultados pasados no garantizan resultados futuros';

/** The age limit and the call to play responsibly, in each channel's first message (issue 32
 * item 6, decision 0112). */
export const AGE_AND_RESPONSIBLE_PLAY = '+21 · Juega con responsabilidad';

/**
 * What no text of the product may say: a promise of winnings or certainty (issue 32 item 5).
 * Matched without regard to case or accents, on word boundaries (`findForbiddenPhrases`);
 * `forbidden-phrases.test.ts` scans every Spanish text of the product against it.
 */
export const FORBIDDEN_PHRASES = [
  'dinero seguro',
  'dinero fácil',
  'dinero rápido',
  'ganancia garantizada',
  'ganancias garantizadas',
  'ganancia segura',
  'ganancias seguras',
  'beneficio garantizado',
  'beneficios garantizados',
  'beneficio asegurado',
  'beneficios asegurados',
  'éxito garantizado',
  'resultados garantizados',
  'sin riesgo',
  'sin riesgos',
  'riesgo cero',
  'apuesta segura',
  'apuestas seguras',
  'tip seguro',
  'tips seguros',
  'pronóstico seguro',
  'pronósticos seguros',
  'victoria segura',
  'gana seguro',
  'ganar seguro',
  'ganancia fija',
  '100% seguro',
  '100 % seguro',
  '100% garantizado',
  '100 % garantizado',
  'hazte rico',
  'hazte millonario',
  'vive de las apuestas',
  'nunca pierdas',
  'nunca pierdes',
  'no puedes perder',
] as const;

/** Lower case, accents and diacritics off, runs of spaces as one: "Éxito  Garantizado" and
 * "exito garantizado" read the same. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each phrase as a pattern: not inside a longer word ("sin riesgos" is its own entry, and
 * "sin riesgo" does not match "sin riesgoso"), any run of spaces between its words. */
const PATTERNS = FORBIDDEN_PHRASES.map((phrase) => ({
  phrase,
  pattern: new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(foldText(phrase)).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`,
    'u',
  ),
}));

/** The forbidden phrases a text contains, as the list spells them; none: an empty list. */
export function findForbiddenPhrases(text: string): string[] {
  const folded = foldText(text);
  return PATTERNS.filter(({ pattern }) => pattern.test(folded)).map(({ phrase }) => phrase);
}
