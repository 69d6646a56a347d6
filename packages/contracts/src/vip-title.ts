// The proof issue, item 4: a pending VIP pick must not travel in the tip's title, which every
// visitor, locked card, pack list, Telegram teaser and push or e-mail subject shows.

/** Lower case, without accents or punctuation runs, spaces collapsed: "Más de 2,5 goles" and
 * "mas de 2,5  GOLES" read alike. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a premium tip's title gives its pick away: the pick, compared without case, accents
 * or extra spaces, appears in the title. */
export function titleGivesPickAway(title: string, pick: string | null | undefined): boolean {
  if (!pick) return false;
  const p = normalizeForMatch(pick);
  return p.length > 0 && normalizeForMatch(title).includes(p);
}
