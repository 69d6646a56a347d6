import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COUNTRY_TEXT } from '@magotips/contracts/countries';
import { responsiblePlayLine } from '@magotips/contracts/help-resources';
import { MSG } from '@magotips/contracts/messages';
import { PROFILE_TEXT } from '@magotips/contracts/profile';
import { TIME_ZONE_TEXT } from '@magotips/contracts/time-zone';
import { ZUser } from '@magotips/contracts/users';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, randomIp, registration } from '../../../test/auth';
import { decodeMail, readOutbox } from '../../../test/mail';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { users } from '../../db/schema';

// Issue 32 item 1 (decision 0114): the account's country and time zone, at sign-up and after.

const now = new Date('2031-03-15T12:00:00Z');
const dataDir = mkdtempSync(path.join(tmpdir(), 'magotips-auth-profile-'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    clock: () => now,
    env: { DATA_DIR: dataDir, APP_URL: 'https://magotips.test' },
  });
});
afterAll(() => t.close());

const register = (body: object) => post(t.app, '/api/auth/register', body);

async function localeOf(email: string) {
  const [row] = await t.database.db
    .select({ country: users.country, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.email, email));
  return row;
}

describe('POST /api/auth/register: country and time zone', () => {
  it("stores both as sent, and the confirmation e-mail ends with that country's help line", async () => {
    const body = registration({ country: 'MX', timeZone: 'America/Mexico_City' });
    expect((await register(body)).statusCode).toBe(201);
    expect(await localeOf(body.email)).toEqual({
      country: 'MX',
      timeZone: 'America/Mexico_City',
    });
    const mail = readOutbox(dataDir).find((m) => m.raw.includes(`To: ${body.email}`));
    expect(decodeMail(mail?.raw ?? '')).toContain(responsiblePlayLine('MX'));
  });

  it('without either: Spain and Madrid, as accounts had before the choice', async () => {
    const body = registration();
    expect((await register(body)).statusCode).toBe(201);
    expect(await localeOf(body.email)).toEqual({ country: 'ES', timeZone: 'Europe/Madrid' });
  });

  it("with a zone and no country: the zone's country; a zone of no listed country: OTHER", async () => {
    const ba = registration({ timeZone: 'America/Argentina/Buenos_Aires' });
    expect((await register(ba)).statusCode).toBe(201);
    expect(await localeOf(ba.email)).toEqual({
      country: 'AR',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    const tokyo = registration({ timeZone: 'Asia/Tokyo' });
    expect((await register(tokyo)).statusCode).toBe(201);
    expect(await localeOf(tokyo.email)).toEqual({ country: 'OTHER', timeZone: 'Asia/Tokyo' });
  });

  it("with a country and no zone: Madrid (the form always sends the browser's)", async () => {
    const body = registration({ country: 'CL' });
    expect((await register(body)).statusCode).toBe(201);
    expect(await localeOf(body.email)).toEqual({ country: 'CL', timeZone: 'Europe/Madrid' });
  });

  it.each([
    ['an unknown country', { country: 'FR' }, COUNTRY_TEXT.invalid],
    ['a lower-case country', { country: 'mx' }, COUNTRY_TEXT.invalid],
    ['a country of the wrong type', { country: 34 }, COUNTRY_TEXT.invalid],
    ['an unknown zone', { timeZone: 'Mars/Olympus_Mons' }, TIME_ZONE_TEXT.invalid],
    ['an empty zone', { timeZone: '' }, TIME_ZONE_TEXT.invalid],
    ['a zone of the wrong type', { timeZone: 5 }, TIME_ZONE_TEXT.invalid],
  ])('%s → 400 in Spanish, no account', async (_label, patch, message) => {
    const body = registration(patch);
    const res = await register(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    expect(await localeOf(body.email)).toBeUndefined();
  });
});

function patchMe(payload: unknown, authorization?: string) {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: authorization ? { authorization } : {},
    remoteAddress: randomIp(),
  });
}

describe('PATCH /api/auth/me', () => {
  it('changes the country and the zone, answers the user with both and the Spanish confirmation', async () => {
    const reader = await createTestUser(t.database.db, { now });
    const res = await patchMe(
      { country: 'AR', timeZone: 'America/Argentina/Buenos_Aires' },
      reader.authorization,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: unknown; message: string }>();
    expect(body.message).toBe(PROFILE_TEXT.saved);
    expect(ZUser.parse(body.user)).toMatchObject({
      _id: reader.id,
      country: 'AR',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
    expect(await localeOf(reader.email)).toEqual({
      country: 'AR',
      timeZone: 'America/Argentina/Buenos_Aires',
    });
  });

  it('changes one and leaves the other as it was', async () => {
    const reader = await createTestUser(t.database.db, { now });
    expect((await patchMe({ timeZone: 'America/Bogota' }, reader.authorization)).statusCode).toBe(
      200,
    );
    expect(await localeOf(reader.email)).toEqual({ country: 'ES', timeZone: 'America/Bogota' });
    const res = await patchMe({ country: 'CO' }, reader.authorization);
    expect(res.json<{ user: { country: string; timeZone: string } }>().user).toMatchObject({
      country: 'CO',
      timeZone: 'America/Bogota',
    });
  });

  it.each([
    ['nothing to change', {}, PROFILE_TEXT.empty],
    ['an unknown country', { country: 'XX' }, COUNTRY_TEXT.invalid],
    ['an unknown zone', { timeZone: 'Europe/Atlantis' }, TIME_ZONE_TEXT.invalid],
    ['an overlong zone', { timeZone: `Europe/${'x'.repeat(80)}` }, TIME_ZONE_TEXT.invalid],
    ['a zone of the wrong type', { timeZone: ['Europe/Madrid'] }, TIME_ZONE_TEXT.invalid],
  ])('%s → 400 in Spanish, nothing changes', async (_label, payload, message) => {
    const reader = await createTestUser(t.database.db, { now });
    const res = await patchMe(payload, reader.authorization);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message });
    expect(await localeOf(reader.email)).toEqual({ country: 'ES', timeZone: 'Europe/Madrid' });
  });

  it('no body, or a JSON body that is not an object → 400, never a 500', async () => {
    const reader = await createTestUser(t.database.db, { now });
    for (const payload of [undefined, [], ['MX']]) {
      const res = await patchMe(payload, reader.authorization);
      expect(res.statusCode).toBe(400);
    }
  });

  it('a visitor → 401, whatever the body', async () => {
    for (const payload of [{ country: 'MX' }, {}]) {
      const res = await patchMe(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, message: MSG.noToken });
    }
  });
});
