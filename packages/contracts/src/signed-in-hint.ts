// Plain constants, no Zod: the session store in the entry chunk imports this.
/**
 * A cookie that says only "this browser holds a session" (never the token, which stays in
 * localStorage): the server then leaves out the visitor landing's preload of the free-tip preview,
 * which a signed-in home does not use first (issue 13 item 17, decision 0037). Strictly needed
 * for the page the user asked for, so it needs no consent.
 */
export const SIGNED_IN_HINT_COOKIE = 'mt_signed_in';

/** Whether a Cookie header carries the hint. */
export function hasSignedInHint(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '')
    .split(';')
    .some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
