import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import type { NextGoogleSignIn } from './google-doubles';

/** Tells the local Google who signs in next (a fresh person unless `sub` is given) and what
 * the People API says about them. Answers the person as set. */
export async function nextGoogleSignIn(patch: Partial<NextGoogleSignIn> = {}): Promise<NextGoogleSignIn> {
  const id = randomUUID().slice(0, 8);
  const res = await fetch(inject('googleControlUrl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sub: `e2e-${id}`, email: `e2e-google-${id}@example.com`, ...patch }),
  });
  if (!res.ok) throw new Error(`Google double control: ${res.status}`);
  return (await res.json()) as NextGoogleSignIn;
}

/** YYYY-MM-DD of the day `years` years before today (UTC), shifted by `days`. */
export function birthdayYearsAgo(years: number, days = 0): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
