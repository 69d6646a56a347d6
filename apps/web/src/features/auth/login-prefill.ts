/** History state that hands /login an address to start from (the confirmation page passes the
 * account it confirmed, decision 0082): in the state rather than the address bar, so the e-mail
 * stays out of the history's URLs and the server's logs. */
export type LoginPrefill = { email: string };

export function prefilledEmail(state: unknown): string | undefined {
  if (!state || typeof state !== 'object' || !('email' in state)) return undefined;
  const { email } = state as Partial<LoginPrefill>;
  return typeof email === 'string' && email.length <= 254 ? email : undefined;
}
