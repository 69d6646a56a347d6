/** The 13 sports a tip can be about. `durationMinutes` is the usual length of a match,
 * used to derive whether a match is still in progress. */
export const SPORTS = [
  { id: 'baseball', label: 'Béisbol', emoji: '⚾', durationMinutes: 180 },
  { id: 'football', label: 'Fútbol', emoji: '⚽', durationMinutes: 115 },
  { id: 'basketball', label: 'Baloncesto', emoji: '🏀', durationMinutes: 150 },
  { id: 'tennis', label: 'Tenis', emoji: '🎾', durationMinutes: 180 },
  { id: 'hockey', label: 'Hockey', emoji: '🏒', durationMinutes: 150 },
  { id: 'volleyball', label: 'Voleibol', emoji: '🏐', durationMinutes: 120 },
  { id: 'ncaaf', label: 'NCAAF', emoji: '🏈', durationMinutes: 210 },
  { id: 'american-futball', label: 'NFL', emoji: '🏈', durationMinutes: 200 },
  { id: 'cricket', label: 'Críquet', emoji: '🏏', durationMinutes: 480 },
  { id: 'golf', label: 'Golf', emoji: '⛳', durationMinutes: 300 },
  { id: 'boxing', label: 'Boxeo', emoji: '🥊', durationMinutes: 60 },
  { id: 'mma', label: 'MMA', emoji: '🥋', durationMinutes: 60 },
  { id: 'esports', label: 'eSports', emoji: '🎮', durationMinutes: 120 },
] as const;

export type SportId = (typeof SPORTS)[number]['id'];
export type Sport = (typeof SPORTS)[number];

export const SPORT_IDS = SPORTS.map((s) => s.id) as [SportId, ...SportId[]];

const byId = new Map<string, Sport>(SPORTS.map((s) => [s.id, s]));

export function findSport(id: string | null | undefined): Sport | undefined {
  return id ? byId.get(id) : undefined;
}

/** Tip cards fall back to a soccer ball; pack matches fall back to baseball (SPEC.md §2, §3). */
export const DEFAULT_TIP_EMOJI = '⚽';
export const DEFAULT_PACK_MATCH_ICON: SportId = 'baseball';

export function sportEmoji(id: string | null | undefined, fallback = DEFAULT_TIP_EMOJI): string {
  return findSport(id)?.emoji ?? fallback;
}
