import { isCountryCode, type CountryCode } from '@magotips/contracts/countries';
import { addMonths, INDEFINITE_PAUSE_LIFTABLE_AFTER_MONTHS, isPausedAt } from '@magotips/contracts/pause';
import { safeTimeZone } from '@magotips/contracts/time-zone';
import type { UserRow } from './users.repository';

type PauseColumns = Pick<UserRow, 'pausedAt' | 'pausedUntil' | 'pauseLiftRequestedAt'>;

/** Whether the account is paused now (decision 0116): every refusal and every alert asks this. */
export function isPaused(user: PauseColumns, now: Date): boolean {
  return isPausedAt(user, now);
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
