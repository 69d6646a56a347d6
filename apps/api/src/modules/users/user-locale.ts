import { countryFromTimeZone, DEFAULT_COUNTRY, isCountryCode, type CountryCode } from '@magotips/contracts/countries';
import { DEFAULT_TIME_ZONE, isTimeZone, safeTimeZone } from '@magotips/contracts/time-zone';

/** Where a reader lives and reads the time (decision 0114): what every e-mail, push and DM to
 * them is written for. */
export type ReaderLocale = { country: CountryCode; timeZone: string };

/** Spain's, as every reader had before they could choose. */
export const DEFAULT_LOCALE: ReaderLocale = {
  country: DEFAULT_COUNTRY,
  timeZone: DEFAULT_TIME_ZONE,
};

/** A new account's country and zone from what the sign-up sent, each optional: no zone is
 * Madrid; no country is the zone's guess when a zone came, else Spain (decision 0114). Values the
 * route did not check (the Google start's query) are dropped, never refused. */
export function signUpLocale(country: unknown, timeZone: unknown): ReaderLocale {
  const zone = typeof timeZone === 'string' && isTimeZone(timeZone) ? timeZone : null;
  if (isCountryCode(country)) return { country, timeZone: zone ?? DEFAULT_TIME_ZONE };
  if (zone) return { country: countryFromTimeZone(zone), timeZone: zone };
  return DEFAULT_LOCALE;
}

/** A stored row's locale, checked again on the way out (a renamed zone must not break mail);
 * an unknown code reads as OTHER, as localeDto has it. A row with no account behind it (null)
 * gets Spain's. */
export function readerLocale(row: {
  country: string | null | undefined;
  timeZone: string | null | undefined;
}): ReaderLocale {
  return {
    country: isCountryCode(row.country) ? row.country : row.country ? 'OTHER' : DEFAULT_COUNTRY,
    timeZone: safeTimeZone(row.timeZone),
  };
}

/** The country alone, for an e-mail's help line. */
export function countryOf(row: { country: string | null | undefined }): CountryCode {
  return readerLocale({ country: row.country, timeZone: null }).country;
}
