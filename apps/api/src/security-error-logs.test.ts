import { UNSUBSCRIBE_PATH } from '@magotips/contracts/alerts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type GoogleDoubles,
  newGoogleProfile,
  peopleBirthday,
  runGoogleFlow,
  startGoogleDoubles,
} from '../test/google';
import { buildTestApp, type TestApp, testConfig } from '../test/test-app';
import { createTestUser } from '../test/users';
import { alertPreferences } from './db/schema';
import { createUnsubscribeTokens } from './modules/alerts/unsubscribe-token';
import { expectLoggedWithout } from '../test/log-scan';

// Issue 29 item 6 (decision 0085): a path that fails logs its error, and the error a library
// hands back may carry what the request carried (a query's bound values, an OAuth callback's
// parameters). Every line is scanned for the secrets themselves.
const raw: string[] = [];
let google: GoogleDoubles;
let t: TestApp;

beforeAll(async () => {
  google = await startGoogleDoubles();
  t = await buildTestApp({
    env: google.env(),
    logStream: { write: (line) => void raw.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});
beforeEach(() => {
  raw.length = 0;
});

describe('failing paths log their errors without the secrets they carried', () => {
  it('the Google callback, when the new account cannot be written', async () => {
    google.profile = newGoogleProfile();
    google.people = peopleBirthday('1990-05-04');
    await t.database.db.execute(
      sql.raw('alter table users add constraint t_no_google check (google_sub is null) not valid'),
    );
    const sent: Record<string, string> = {};
    try {
      const flow = await runGoogleFlow(t.app, {
        tamper: (callback) => {
          sent.code = callback.searchParams.get('code') ?? '';
          sent.state = callback.searchParams.get('state') ?? '';
        },
      });
      expect(flow.params.get('error')).toBe('google_auth_failed');
    } finally {
      await t.database.db.execute(sql.raw('alter table users drop constraint t_no_google'));
    }
    expectLoggedWithout(raw, 'Google sign-in failed', [
      sent.code ?? '',
      sent.state ?? '',
      google.profile.email ?? '',
      google.profile.sub,
    ]);
  });

  it('the one-click unsubscribe, when the preferences cannot be written', async () => {
    const reader = await createTestUser(t.database.db);
    await t.database.db.insert(alertPreferences).values({ userId: reader.id, emailFree: true });
    const token = createUnsubscribeTokens(testConfig().jwtSecret).sign(reader.id, 'email');
    await t.database.db.execute(
      sql.raw('alter table alert_preferences add constraint t_frozen check (false) not valid'),
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `${UNSUBSCRIBE_PATH}?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(
        sql.raw('alter table alert_preferences drop constraint t_frozen'),
      );
    }
    // The token is `email.<reader id>.<mac>`: neither it nor the reader it names is written.
    expectLoggedWithout(raw, 'baja de avisos fallida', [
      token,
      token.split('.')[2] ?? '',
      reader.id,
    ]);
  });
});
