/**
 * Where a reader came from (issue 33, decision 0118): the first visit's utm_source, utm_medium,
 * utm_campaign and ref, kept by the API in a first-party cookie and stored on the account at
 * sign-up and on each transaction. No browser script reads or writes it.
 */

/** The cookie's name; httpOnly, so only the API sees it. */
export const ATTRIBUTION_COOKIE = 'mt_origen';

/** How long the first visit's origin is kept: 30 days, as the cookie notice says. */
export const ATTRIBUTION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type Attribution = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  refCode: string | null;
};

export const NO_ATTRIBUTION: Attribution = {
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  refCode: null,
};

/** The URL parameters and the longest each may be (ref codes are short by design). */
const FIELDS = [
  ['utm_source', 'utmSource', 100],
  ['utm_medium', 'utmMedium', 100],
  ['utm_campaign', 'utmCampaign', 100],
  ['ref', 'refCode', 32],
] as const;

/** One value cleaned: only letters, digits, `.`, `_` and `-` survive (so nothing a link carries
 * can reach a header, a query or a CSV cell as markup), cut to its length; empty means none. */
export function cleanAttributionValue(raw: unknown, max: number): string | null {
  if (typeof raw !== 'string') return null;
  const kept = raw
    .trim()
    .replace(/[^A-Za-z0-9._-]/g, '')
    .slice(0, max);
  return kept === '' ? null : kept;
}

/** The origin a page URL's query carries, or null when it carries none worth keeping. */
export function attributionFromQuery(params: URLSearchParams): Attribution | null {
  const out: Attribution = { ...NO_ATTRIBUTION };
  let any = false;
  for (const [param, key, max] of FIELDS) {
    const value = cleanAttributionValue(params.get(param), max);
    out[key] = value;
    if (value !== null) any = true;
  }
  return any ? out : null;
}

/** The cookie's value: the cleaned parameters as a query string (no character of it needs
 * escaping in a cookie). */
export function encodeAttribution(a: Attribution): string {
  const params = new URLSearchParams();
  for (const [param, key] of FIELDS) {
    const value = a[key];
    if (value !== null) params.set(param, value);
  }
  return params.toString();
}

/** The cookie's value read back, cleaned again: a cookie is the browser's to change. */
export function decodeAttribution(value: string | null | undefined): Attribution | null {
  if (!value) return null;
  return attributionFromQuery(new URLSearchParams(value));
}
