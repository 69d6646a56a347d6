import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type GoogleDoubles,
  exchangeGoogleCode,
  newGoogleProfile,
  peopleBirthday,
  runGoogleFlow,
  startGoogleDoubles,
} from '../../../test/google';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { users } from '../../db/schema';

// Issue 32 item 1 (decision 0114): a Google sign-up takes the browser's country and zone, which
// the web passes to the start (GET /api/auth/google?country=…&timeZone=…) and the signed state
// cookie carries through Google and back.

const TODAY = new Date('2026-06-15T12:00:00Z');
let google: GoogleDoubles;
let t: TestApp;

beforeAll(async () => {
  google = await startGoogleDoubles();
  t = await buildTestApp({ clock: () => TODAY, env: google.env() });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});
beforeEach(() => {
  google.profile = newGoogleProfile();
  google.people = peopleBirthday('1990-05-04');
});

async function localeOf(sub: string) {
  const [row] = await t.database.db
    .select({ country: users.country, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.googleSub, sub));
  return row;
}

describe('Google sign-up: country and time zone', () => {
  it('the new account takes the country and zone given to the start; the user carries them', async () => {
    const flow = await runGoogleFlow(t.app, {
      startQuery: `next=%2Fpanel&country=MX&timeZone=${encodeURIComponent('America/Mexico_City')}`,
    });
    const traded = await exchangeGoogleCode(t.app, flow);
    expect(traded.statusCode).toBe(200);
    expect(traded.json<{ user: unknown }>().user).toMatchObject({
      country: 'MX',
      timeZone: 'America/Mexico_City',
    });
    expect(await localeOf(google.profile.sub)).toEqual({
      country: 'MX',
      timeZone: 'America/Mexico_City',
    });
  });

  it("a zone alone gives the zone's country; nothing gives Spain and Madrid", async () => {
    await runGoogleFlow(t.app, { startQuery: 'timeZone=America%2FBogota' });
    expect(await localeOf(google.profile.sub)).toEqual({
      country: 'CO',
      timeZone: 'America/Bogota',
    });
    google.profile = newGoogleProfile();
    await runGoogleFlow(t.app);
    expect(await localeOf(google.profile.sub)).toEqual({
      country: 'ES',
      timeZone: 'Europe/Madrid',
    });
  });

  it('invalid values are ignored, never a failed sign-in', async () => {
    const flow = await runGoogleFlow(t.app, {
      startQuery: `country=ZZ&timeZone=${encodeURIComponent('Mars/Base<script>')}`,
    });
    expect(flow.location).toMatch(/^\/auth\/callback\?code=/);
    expect(await localeOf(google.profile.sub)).toEqual({
      country: 'ES',
      timeZone: 'Europe/Madrid',
    });
    google.profile = newGoogleProfile();
    const long = await runGoogleFlow(t.app, {
      startQuery: `country=AR&timeZone=${'x'.repeat(500)}`,
    });
    expect(long.location).toMatch(/^\/auth\/callback\?code=/);
    expect(await localeOf(google.profile.sub)).toEqual({
      country: 'AR',
      timeZone: 'Europe/Madrid',
    });
  });

  it('a returning account keeps its own country and zone, whatever the start says', async () => {
    await runGoogleFlow(t.app, { startQuery: 'country=PE&timeZone=America%2FLima' });
    const again = await runGoogleFlow(t.app, {
      startQuery: 'country=US&timeZone=America%2FNew_York',
    });
    expect(again.location).toMatch(/^\/auth\/callback\?code=/);
    expect(await localeOf(google.profile.sub)).toEqual({
      country: 'PE',
      timeZone: 'America/Lima',
    });
  });

  it("a new account keeps the first visit's origin from the mt_origen cookie (decision 0118)", async () => {
    await runGoogleFlow(t.app, { cookies: { mt_origen: 'utm_source=tw&ref=ANA' } });
    const [row] = await t.database.db
      .select({ utmSource: users.utmSource, utmMedium: users.utmMedium, refCode: users.refCode })
      .from(users)
      .where(eq(users.googleSub, google.profile.sub));
    expect(row).toEqual({ utmSource: 'tw', utmMedium: null, refCode: 'ANA' });
  });
});
