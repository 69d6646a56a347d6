import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GoogleDoubles, startGoogleDoubles } from '../../../test/google';
import { createGooglePeople, pickBirthDate } from './google-people';
import { GoogleProviderError } from './google-provider-error';

describe('pickBirthDate', () => {
  const b = (primary: boolean | undefined, year?: number, month = 5, day = 4) => ({
    metadata: primary === undefined ? undefined : { primary },
    date: { year, month, day },
  });

  it('prefers the primary birthday that has a year', () => {
    expect(pickBirthDate([b(false, 1980), b(true, 1990)])).toBe('1990-05-04');
  });

  it('falls back to the first complete birthday when the primary has no year', () => {
    expect(pickBirthDate([b(true), b(undefined, 1985, 12, 31), b(false, 1970)])).toBe('1985-12-31');
  });

  it('is null without any birthday that has a year, day and month', () => {
    expect(pickBirthDate([])).toBeNull();
    expect(pickBirthDate([b(true), { metadata: { primary: true } }])).toBeNull();
  });

  it('ignores dates that do not exist', () => {
    expect(pickBirthDate([b(true, 1990, 2, 30)])).toBeNull();
  });
});

describe('createGooglePeople', () => {
  let google: GoogleDoubles;
  beforeAll(async () => {
    google = await startGoogleDoubles();
  });
  afterAll(() => google?.close());

  it('asks /v1/people/me for birthdays with the bearer token (a trailing slash in the URL is fine)', async () => {
    google.people = {
      status: 200,
      body: { birthdays: [{ date: { year: 2000, month: 1, day: 9 } }] },
    };
    const people = createGooglePeople(`${google.peopleApiUrl}/`);

    expect(await people.birthDate('the-access-token')).toBe('2000-01-09');
    expect(google.peopleAuthorizations.at(-1)).toBe('Bearer the-access-token');
  });

  it.each([
    ['an error status', { status: 403, body: { error: { status: 'PERMISSION_DENIED' } } }],
    ['a body of the wrong shape', { status: 200, body: { birthdays: 'none' } }],
  ])('throws a provider error for %s', async (_case, answer) => {
    google.people = answer;
    const people = createGooglePeople(google.peopleApiUrl);

    await expect(people.birthDate('t')).rejects.toBeInstanceOf(GoogleProviderError);
  });

  it('throws a provider error when the API cannot be reached', async () => {
    await expect(createGooglePeople('http://127.0.0.1:9').birthDate('t')).rejects.toBeInstanceOf(
      GoogleProviderError,
    );
  });
});
