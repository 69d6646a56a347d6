import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { MSG } from '@magotips/contracts/messages';
import { publishAtProblem } from '@magotips/contracts/publish-schedule';
import type { ZTipRequest } from '@magotips/contracts/tips';
import { toOddsCents } from '@magotips/contracts/track-record';
import { titleGivesPickAway } from '@magotips/contracts/vip-title';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { RevisionChange, RevisionValue } from './tip-history.repository';
import { isLocked, type TipRow } from './tip-views';

export type TipInput = z.output<typeof ZTipRequest>;

/** What an editor sets on a tip. */
export type TipValues = Pick<
  TipRow,
  | 'icon'
  | 'title'
  | 'matchDate'
  | 'analisis'
  | 'category'
  | 'isPublished'
  | 'publishAt'
  | 'pick'
  | 'oddsCents'
  | 'stake'
  | 'bookmaker'
>;

/** A stored tip's editable values, as a write takes them. */
export function valuesOfRow(row: TipRow): TipValues {
  return {
    icon: row.icon,
    title: row.title,
    matchDate: row.matchDate,
    analisis: row.analisis,
    category: row.category,
    isPublished: row.isPublished,
    publishAt: row.publishAt,
    pick: row.pick,
    oddsCents: row.oddsCents,
    stake: row.stake,
    bookmaker: row.bookmaker,
  };
}

/** Fixed from kick-off on (the proof issue, item 1): the bet, and the match it is on, so a
 * generic pick can't be moved onto whichever match won. */
export const LOCKED_FIELDS = new Set([
  'pick',
  'odds',
  'stake',
  'bookmaker',
  'category',
  'matchDate',
  'title',
  'icon',
]);

/** The values as a revision records them: odds as decimals, dates as ISO text. */
function comparable(v: TipValues): Record<string, RevisionValue> {
  return {
    title: v.title,
    icon: v.icon,
    matchDate: v.matchDate.toISOString(),
    analisis: v.analisis,
    category: v.category,
    isPublished: v.isPublished,
    publishAt: v.publishAt?.toISOString() ?? null,
    pick: v.pick,
    odds: v.oddsCents === null ? null : v.oddsCents / 100,
    stake: v.stake,
    bookmaker: v.bookmaker,
  };
}

export function diff(before: TipValues, after: TipValues): RevisionChange[] {
  const a = comparable(before);
  const b = comparable(after);
  return Object.keys(b)
    .filter((field) => a[field] !== b[field])
    .map((field) => ({ field, before: a[field] ?? null, after: b[field] ?? null }));
}

/** The bet of the request: none of pick/odds/stake in the body keeps `current`'s (PUT) or makes a
 * tip without one; all null clears it; otherwise the three values (ZTipRequest checks wholeness). */
function betOf(
  input: TipInput,
  current: TipValues | null,
): Pick<TipValues, 'pick' | 'oddsCents' | 'stake' | 'bookmaker'> {
  const sent = input.pick !== undefined || input.odds !== undefined || input.stake !== undefined;
  const keep = {
    pick: current?.pick ?? null,
    oddsCents: current?.oddsCents ?? null,
    stake: current?.stake ?? null,
  };
  const bet = !sent
    ? keep
    : input.pick == null || input.odds == null || input.stake == null
      ? { pick: null, oddsCents: null, stake: null }
      : { pick: input.pick, oddsCents: toOddsCents(input.odds), stake: input.stake };
  const bookmaker =
    bet.pick === null
      ? null
      : input.bookmaker === undefined
        ? (current?.bookmaker ?? null)
        : input.bookmaker;
  return { ...bet, bookmaker };
}

/** Published unless the body says otherwise or schedules it (SPEC.md's body leaves it out). A
 * schedule belongs to an unpublished tip: left out of the body it is kept, null cancels it. */
function publicationOf(
  input: TipInput,
  current: TipValues | null,
): Pick<TipValues, 'isPublished' | 'publishAt'> {
  const isPublished = input.isPublished ?? !input.publishAt;
  if (isPublished) return { isPublished, publishAt: null };
  const publishAt =
    input.publishAt === undefined
      ? (current?.publishAt ?? null)
      : input.publishAt === null
        ? null
        : new Date(input.publishAt);
  return { isPublished, publishAt };
}

export function valuesOf(input: TipInput, current: TipValues | null): TipValues {
  return {
    icon: input.icon,
    title: input.title,
    matchDate: new Date(input.matchDate),
    analisis: input.analisis,
    category: input.category,
    ...publicationOf(input, current),
    ...betOf(input, current),
  };
}

/**
 * The rules of a write that need the server's clock or the stored tip (the proof issue, item 1):
 * a match date that is new must be ahead of now (create, or a moved date; an unchanged one may
 * be past), nothing of the match or the bet changes from kick-off on, a VIP title never names
 * its pick (the pick may come from the stored bet), and a new schedule is ahead of now.
 */
export function checkWrite(next: TipValues, current: TipRow | null, now: Date): void {
  const dateIsNew = next.matchDate.getTime() !== current?.matchDate.getTime();
  if (
    current &&
    isLocked(current, now) &&
    diff(current, next).some((c) => LOCKED_FIELDS.has(c.field))
  )
    throw AppError.conflict(MSG.tipLocked, ERROR_CODES.tipLocked);
  if (dateIsNew && next.matchDate.getTime() <= now.getTime())
    throw new AppError(ERROR_CODES.validation, 400, MSG.matchDateFuture);
  if (next.category === 'premium' && titleGivesPickAway(next.title, next.pick))
    throw new AppError(ERROR_CODES.validation, 400, MSG.vipTitleHasPick);
  if (next.publishAt !== null) {
    const isNew = next.publishAt.getTime() !== current?.publishAt?.getTime();
    const problem = publishAtProblem(next.publishAt, next.matchDate, isNew ? now : null);
    if (problem) throw new AppError(ERROR_CODES.validation, 400, problem);
  }
}

/** The category a revision's values were written under: VIP when either side was VIP, so a tip
 * made free never shows its old VIP analysis and pick to those who did not pay for them. */
export function revisionCategory(a: TipValues, b: TipValues): 'free' | 'premium' {
  return a.category === 'premium' || b.category === 'premium' ? 'premium' : 'free';
}
