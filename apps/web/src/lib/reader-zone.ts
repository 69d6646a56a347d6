import { countryFromTimeZone, isCountryCode, type CountryCode } from '@magotips/contracts/countries';
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_CHOICES, zonePlace } from '@magotips/contracts/time-zone';
import { useSessionUser } from './session/session-context';

// The reader's clock and country (issue 32 item 1, decision 0114): the account's when signed
// in, the browser's for a visitor.

// Every row of a list asks: a zone's check (an Intl construction) is done once per name.
const checked = new Map<string, boolean>();
function known(zone: string): boolean {
  let ok = checked.get(zone);
  if (ok === undefined) {
    ok = isTimeZone(zone);
    checked.set(zone, ok);
  }
  return ok;
}

/**
 * The browser's IANA zone, or the default where there is none. The visitor landing is also
 * rendered at build time (prerender/), in the build machine's zone: there the default (Spain,
 * where most readers are) is used, so the page sent first is what most browsers then render.
 */
export function browserTimeZone(): string {
  if (typeof window === 'undefined') return DEFAULT_TIME_ZONE;
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && known(zone) ? zone : DEFAULT_TIME_ZONE;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The country the browser's zone suggests (sign-up's default, a visitor's help resource). */
export function browserCountry(): CountryCode {
  return countryFromTimeZone(browserTimeZone());
}

/** The list's own name for a zone a browser may spell another way ("America/Buenos_Aires",
 * "Etc/UTC"): a select then shows it chosen rather than as an extra entry. */
export function listedZone(timeZone: string): string {
  const place = zonePlace(timeZone);
  return TIME_ZONE_CHOICES.find((c) => c.zone === timeZone || c.place === place)?.zone ?? timeZone;
}

/** Sign-up's defaults (decision 0114): the browser's zone and the country it suggests. */
export function browserPreferences(): { country: CountryCode; timeZone: string } {
  const timeZone = listedZone(browserTimeZone());
  return { country: countryFromTimeZone(timeZone), timeZone };
}

/** The zone every time on the page is shown in: the signed-in user's, else the browser's. */
export function useReaderTimeZone(): string {
  const zone = useSessionUser()?.timeZone;
  return zone && known(zone) ? zone : browserTimeZone();
}

/** The reader's country: the signed-in user's, else the one the browser's zone suggests. */
export function useReaderCountry(): CountryCode {
  const country = useSessionUser()?.country;
  return isCountryCode(country) ? country : browserCountry();
}
