import { ageOn } from '@magotips/contracts/age';
import { z } from 'zod';
import { GoogleProviderError } from './google-provider-error';

const PEOPLE_TIMEOUT_MS = 10_000;

// Only what is read; Google sends more (etag, resourceName, sources) and may add fields.
const ZPeopleBirthdays = z.object({
  birthdays: z
    .array(
      z.object({
        metadata: z.object({ primary: z.boolean().optional() }).optional(),
        date: z
          .object({
            year: z.number().int().optional(),
            month: z.number().int().optional(),
            day: z.number().int().optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});
type PeopleBirthday = NonNullable<z.infer<typeof ZPeopleBirthdays>['birthdays']>[number];

export type GooglePeople = {
  /** The person's birth date as YYYY-MM-DD, or null when Google does not share a full one. */
  birthDate(accessToken: string): Promise<string | null>;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A complete, real calendar date; a birthday without a year (Google allows hiding it) says
 * nothing about age. */
function isoDate(b: PeopleBirthday): string | null {
  const { year, month, day } = b.date ?? {};
  if (year === undefined || month === undefined || day === undefined) return null;
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return ageOn(iso, new Date()) === null ? null : iso;
}

/** Picks the birthday to trust: the primary one when it has a year, else the first complete
 * one (Google may list the account's and the profile's). */
export function pickBirthDate(birthdays: readonly PeopleBirthday[]): string | null {
  const complete = birthdays.filter((b) => isoDate(b) !== null);
  const chosen = complete.find((b) => b.metadata?.primary === true) ?? complete[0];
  return chosen ? isoDate(chosen) : null;
}

/** GET {peopleApiUrl}/v1/people/me?personFields=birthdays with the user's access token. */
export function createGooglePeople(peopleApiUrl: string): GooglePeople {
  const endpoint = `${peopleApiUrl.replace(/\/+$/, '')}/v1/people/me?personFields=birthdays`;
  return {
    async birthDate(accessToken) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(PEOPLE_TIMEOUT_MS),
        });
      } catch (err) {
        throw new GoogleProviderError('People API unreachable', { cause: err });
      }
      if (!response.ok) {
        // The body may say why (scope not granted, API not enabled); it goes to the log only.
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        throw new GoogleProviderError(`People API answered ${response.status}: ${detail}`);
      }
      const parsed = ZPeopleBirthdays.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new GoogleProviderError('People API answered an unexpected body');
      return pickBirthDate(parsed.data.birthdays ?? []);
    },
  };
}
