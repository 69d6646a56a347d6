import { isCountryCode, type CountryCode } from '@magotips/contracts/countries';
import { addMonths, INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS, isPausedAt } from '@magotips/contracts/pause';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { PAUSE_TEXT } from '@magotips/contracts/pause';
import { dateInZoneText, safeTimeZone } from '@magotips/contracts/time-zone';
import { AppError } from '../../lib/app-error';
import type { UserRow } from './users.repository';

type PauseColumns = Pick<UserRow, 'pausedAt' | 'pausedUntil' | 'pauseLiftRequestedAt'>;

/** Whether the account is paused now (decision 0116): every refusal and every alert asks this. */
export function isPaused(user: PauseColumns, now: Date): boolean {
  return isPausedAt(user, now);
}

/** The pause's end as the reader's calendar has it ("28 de febrero de 2027"); null: indefinite. */
export function pauseEndText(
  user: Pick<UserRow, 'pausedUntil' | 'timeZone'>,
): string | null {
  return user.pausedUntil ? dateInZoneText(user.pausedUntil, safeTimeZone(user.timeZone)) : null;
}

/** 409 PAUSED for a new purchase or gift by a paused account, before any provider call
 * (decision 0116); nothing for anyone else. */
export function ensureNotPaused(
  user: PauseColumns & Pick<UserRow, 'timeZone'>,
  now: Date,
): void {
  if (!isPaused(user, now)) return;
  throw AppError.conflict(PAUSE_TEXT.refused(pauseEndText(user)), ERROR_CODES.paused);
}

/** The pause as the user carries it: `pausedUntil` null while paused means indefinite. */
export function pauseDto(user: PauseColumns, now: Date) {
  const paused = isPaused(user, now);
  const indefinite = paused && user.pausedUntil === null;
  return {
    paused,
    pausedAt: paused && user.pausedAt ? user.pausedAt.toISOString() : null,
    pausedUntil: paused && user.pausedUntil ? user.pausedUntil.toISOString() : null,
    pauseLiftableFrom:
      indefinite && user.pausedAt
        ? addMonths(user.pausedAt, INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS).toISOString()
        : null,
  };
}

/** Where the reader lives and reads the time (decision 0114), checked again on the way out. */
export function localeDto(user: Pick<UserRow, 'country' | 'timeZone'>): {
  country: CountryCode;
  timeZone: string;
} {
  return {
    country: isCountryCode(user.country) ? user.country : 'OTHER',
    timeZone: safeTimeZone(user.timeZone),
  };
}
