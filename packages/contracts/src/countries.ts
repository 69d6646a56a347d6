// The reader's country (issue 32 item 1, decision 0114): it picks the help resource of the
// responsible-play line and the default time zone. ISO 3166-1 alpha-2, or OTHER.

export const COUNTRIES = [
  { code: 'ES', name: 'España', timeZone: 'Europe/Madrid' },
  { code: 'MX', name: 'México', timeZone: 'America/Mexico_City' },
  { code: 'CO', name: 'Colombia', timeZone: 'America/Bogota' },
  { code: 'AR', name: 'Argentina', timeZone: 'America/Argentina/Buenos_Aires' },
  { code: 'CL', name: 'Chile', timeZone: 'America/Santiago' },
  { code: 'PE', name: 'Perú', timeZone: 'America/Lima' },
  { code: 'US', name: 'Estados Unidos', timeZone: 'America/New_York' },
  { code: 'OTHER', name: 'Otro', timeZone: 'Europe/Madrid' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

/** The country accounts had before they could choose one (migration 0025): the audience began
 * in Spain and every alert was written in Spain's time. */
export const DEFAULT_COUNTRY: CountryCode = 'ES';

export const COUNTRY_TEXT = {
  invalid: 'Elige tu país de la lista.',
} as const;


export function countryName(code: CountryCode): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? 'Otro';
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** The zones that belong to one country of the list, to guess the country of a browser zone at
 * sign-up. Zones not listed guess OTHER; the reader can always change it. */
const ZONE_PREFIX_COUNTRY: ReadonlyArray<readonly [string, CountryCode]> = [
  ['Europe/Madrid', 'ES'],
  ['Atlantic/Canary', 'ES'],
  ['Africa/Ceuta', 'ES'],
  ['America/Mexico_City', 'MX'],
  ['America/Cancun', 'MX'],
  ['America/Merida', 'MX'],
  ['America/Monterrey', 'MX'],
  ['America/Matamoros', 'MX'],
  ['America/Chihuahua', 'MX'],
  ['America/Ciudad_Juarez', 'MX'],
  ['America/Ojinaga', 'MX'],
  ['America/Mazatlan', 'MX'],
  ['America/Bahia_Banderas', 'MX'],
  ['America/Hermosillo', 'MX'],
  ['America/Tijuana', 'MX'],
  ['America/Bogota', 'CO'],
  ['America/Argentina/', 'AR'],
  ['America/Buenos_Aires', 'AR'],
  ['America/Cordoba', 'AR'],
  ['America/Santiago', 'CL'],
  ['America/Punta_Arenas', 'CL'],
  ['Pacific/Easter', 'CL'],
  ['America/Lima', 'PE'],
  ['America/New_York', 'US'],
  ['America/Chicago', 'US'],
  ['America/Denver', 'US'],
  ['America/Phoenix', 'US'],
  ['America/Los_Angeles', 'US'],
  ['America/Anchorage', 'US'],
  ['America/Detroit', 'US'],
  ['America/Indiana/', 'US'],
  ['America/Kentucky/', 'US'],
  ['Pacific/Honolulu', 'US'],
];

/** The country a browser's zone most likely means (sign-up's default), OTHER when unsure. */
export function countryFromTimeZone(timeZone: string): CountryCode {
  const hit = ZONE_PREFIX_COUNTRY.find(([prefix]) =>
    prefix.endsWith('/') ? timeZone.startsWith(prefix) : timeZone === prefix,
  );
  return hit ? hit[1] : 'OTHER';
}
