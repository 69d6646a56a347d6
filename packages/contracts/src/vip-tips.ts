import { z } from 'zod';
import { MSG } from './messages';
import { ZPublicTip } from './tips';

/**
 * GET /api/tips/vip (issue 31 item 5, decision 0108): every published VIP tip for a reader who
 * reads them all, upcoming first (soonest first), then past (most recent first), by keyset.
 *
 * The cursor keeps the instant the first page split upcoming from past (`boundary`): a match
 * that kicks off while the reader pages is still where the first page put it, so no tip is
 * shown twice or skipped. Instants are microseconds since 1970, as the database keeps them (see
 * tip-cursor.ts). Clients get it opaque (base64url) and send it back.
 */
export type VipTipsCursor =
  | { phase: 'upcoming'; boundary: string; micros: string; id: string }
  | { phase: 'past'; micros: string; id: string };

export const VIP_TIPS_PAGE_SIZE = 10;
export const VIP_TIPS_MAX_LIMIT = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MICROS = /^-?\d{1,16}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,128}$/;

export function encodeVipTipsCursor(cursor: VipTipsCursor): string {
  const parts =
    cursor.phase === 'upcoming'
      ? ['u', cursor.boundary, cursor.micros, cursor.id]
      : ['p', cursor.micros, cursor.id];
  return btoa(parts.join('.')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a client sent back, or null for anything this server could not have made. */
export function decodeVipTipsCursor(text: string): VipTipsCursor | null {
  if (!BASE64URL.test(text)) return null;
  let raw: string;
  try {
    raw = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const parts = raw.split('.');
  const micros = (value: string | undefined): value is string =>
    value !== undefined && MICROS.test(value);
  const id = (value: string | undefined): value is string =>
    value !== undefined && UUID.test(value);
  if (parts[0] === 'u' && parts.length === 4) {
    const [, boundary, at, tipId] = parts;
    if (micros(boundary) && micros(at) && id(tipId))
      return { phase: 'upcoming', boundary, micros: at, id: tipId };
  }
  if (parts[0] === 'p' && parts.length === 3) {
    const [, at, tipId] = parts;
    if (micros(at) && id(tipId)) return { phase: 'past', micros: at, id: tipId };
  }
  return null;
}

export const ZVipTipsQuery = z.object({
  cursor: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const cursor = decodeVipTipsCursor(text);
      if (cursor) return cursor;
      ctx.addIssue({ code: 'custom', message: MSG.tipCursorInvalid });
      return z.NEVER;
    })
    .describe('`nextCursor` de la respuesta anterior: la página siguiente'),
  limit: z.coerce
    .number({ error: MSG.vipTipsLimitInvalid })
    .int({ error: MSG.vipTipsLimitInvalid })
    .min(1, { error: MSG.vipTipsLimitInvalid })
    .max(VIP_TIPS_MAX_LIMIT, { error: MSG.vipTipsLimitInvalid })
    .default(VIP_TIPS_PAGE_SIZE),
});
export type TVipTipsQuery = z.input<typeof ZVipTipsQuery>;

export const ZVipTipsResponse = z.object({
  success: z.literal(true),
  /** Every tip with its bet and analysis: only readers of every VIP tip get this list. */
  tips: z.array(ZPublicTip),
  /** `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type TVipTipsResponse = z.infer<typeof ZVipTipsResponse>;

/** The full list's page address (SPEC.md §2 names panel pages in Spanish). */
export const VIP_TIPS_PAGE_PATH = '/panel/tips-vip';
