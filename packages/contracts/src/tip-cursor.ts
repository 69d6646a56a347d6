import { z } from 'zod';
import { MSG } from './messages';

/**
 * A position in the editors' list by match date (issue 17 item 3), ordered (matchDate desc, id
 * desc): the match's instant in microseconds since 1970 and the tip's id. Microseconds because
 * the database keeps them: a Date would round a stored instant to the millisecond and the next
 * page would skip or repeat tips sharing it. Clients get it opaque (base64url) and send it back.
 */
export type TipCursor = { micros: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// Sixteen digits: ±317 years around 1970, well inside every instant the database can hold.
const MICROS = /^-?\d{1,16}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,96}$/;
/** Sorts after every real id: with it, a cursor at an instant takes every tip at that instant. */
export const LAST_TIP_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

export function encodeTipCursor(cursor: TipCursor): string {
  return btoa(`${cursor.micros}.${cursor.id}`)
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor a client sent back, or null for anything this server could not have made. */
export function decodeTipCursor(text: string): TipCursor | null {
  if (!BASE64URL.test(text)) return null;
  let raw: string;
  try {
    raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const parts = raw.split('.');
  const [micros, id] = parts;
  if (parts.length !== 2 || !micros || !id || !MICROS.test(micros) || !UUID.test(id)) return null;
  return { micros, id };
}

/** The page that holds `instant` and everything before it: every tip at or before it. */
export function cursorAtInstant(instant: Date): TipCursor {
  return { micros: String(BigInt(instant.getTime()) * 1000n + 999n), id: LAST_TIP_ID };
}

const EARLIEST_JUMP_MS = Date.UTC(1000, 0, 1);

export const ZTipCursorParam = z.string().transform((text, ctx) => {
  const cursor = decodeTipCursor(text);
  if (cursor) return cursor;
  ctx.addIssue({ code: 'custom', message: MSG.tipCursorInvalid });
  return z.NEVER;
});

/** `from`: a date-time with its offset, the last instant the page should reach. */
export const ZTipJumpParam = z.iso
  .datetime({ offset: true, error: MSG.tipJumpInvalid })
  .transform((text, ctx) => {
    const ms = Date.parse(text);
    // From the year 1000 on (no match is older) and within the cursor's sixteen digits.
    if (ms >= EARLIEST_JUMP_MS && ms < 9_000_000_000_000) return new Date(ms);
    ctx.addIssue({ code: 'custom', message: MSG.tipJumpInvalid });
    return z.NEVER;
  });

/** Where a page by match date starts: the top, just after a cursor (older tips, "Siguientes")
 * or just before it (newer tips, "Anteriores"). A date jump is `after` an instant's cursor. */
export type TipListPosition =
  { kind: 'first' } | { kind: 'after'; cursor: TipCursor } | { kind: 'before'; cursor: TipCursor };

/** The pagination of a page by match date: the total (cached, estimated past 10 000) and the
 * cursors to the pages around it, null where there is none. */
export const ZKeysetPagination = z.object({
  limit: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  estimated: z.boolean().optional(),
  /** `after` for the next page (older matches); null on the last one. */
  next: z.string().nullable(),
  /** `before` for the previous page (later matches); null on the first one. */
  previous: z.string().nullable(),
});
export type TKeysetPagination = z.infer<typeof ZKeysetPagination>;
