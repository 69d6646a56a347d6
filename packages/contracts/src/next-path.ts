// Plain functions, no Zod: the landing's tip card and the login page build and read `next`
// without downloading the schema library (the schema for the API lives in auth.ts).

/** The query parameter that carries where to go after signing in (docs/decisions/0021). */
export const NEXT_PARAM = 'next';

/** Longer than any page address of the product; longer values are junk. */
export const NEXT_MAX_LENGTH = 512;

// Pages that make no sense to come back to after signing in: going there would only show the
// sign-in (or a spent link) again.
const AUTH_PAGES =
  /^\/(login|register|forgot-password|reset-password|verify-email|auth\/callback)(\/|$)/i;

// Any control character (browsers drop tabs and newlines inside URLs, so "/\t/evil" would become
// "//evil"), a backslash (browsers read "/\evil" as "//evil") or whitespace.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHAR = /[\u0000-\u001f\u007f-\u009f\\\s]/;

const BASE = 'https://magotips.invalid';

/** Percent-decodes until nothing changes (or a broken escape), at most a few rounds, so that
 * "%2F%2Fevil" and "%252F%252Fevil" are judged as what they may become. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 4; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  // Still changing after four rounds: nobody types that.
  return null;
}

/**
 * The same-site page `raw` names, or null when it is anything else. Only a relative path of
 * this site is accepted: it must start with one "/" (not "//", not "/\"), hold no scheme, host,
 * control character, backslash or whitespace in any percent-decoded form, and not be one of the
 * sign-in pages. The answer is the path as the URL parser normalises it (dot segments resolved),
 * so what the caller navigates to is exactly what was checked.
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > NEXT_MAX_LENGTH) return null;
  const forms = decodedForms(raw);
  if (!forms) return null;
  for (const form of forms) {
    if (!form.startsWith('/') || form.startsWith('//') || UNSAFE_CHAR.test(form)) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can turn "/a/..//evil" into "//evil": judge the result too.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  const decodedPath = decodedForms(url.pathname);
  if (!decodedPath || decodedPath.some((form) => AUTH_PAGES.test(form) || form.startsWith('//')))
    return null;
  return path;
}

/** Where to go after signing in: the safe `next`, else the home page. */
export function nextOrHome(raw: unknown): string {
  return safeNextPath(raw) ?? '/';
}

/** A query value with its slashes left readable ("/login?next=/tip/…"); "/" needs no escape in
 * a query, everything else that could end or split the value stays escaped. */
function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2F/gi, '/');
}

/** `page` carrying `next` when it is a safe target other than the home page, after any `extra`
 * parameters. An unsafe or missing `next` is simply left out. */
export function withNext(page: string, next: unknown, extra: Record<string, string> = {}): string {
  const parts = Object.entries(extra).map(
    ([key, value]) => `${encodeURIComponent(key)}=${encodeQueryValue(value)}`,
  );
  const target = safeNextPath(next);
  if (target && target !== '/') parts.push(`${NEXT_PARAM}=${encodeQueryValue(target)}`);
  return parts.length > 0 ? `${page}?${parts.join('&')}` : page;
}
