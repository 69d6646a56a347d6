import { MSG } from '@magotips/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, registration } from '../test/auth';
import { buildTestApp, type TestApp } from '../test/test-app';
import { createTestUser, type TestUser } from '../test/users';

// Years the database would store but no person or match has: "0001-01-01" came back as 2001.
let t: TestApp;
let editor: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  editor = await createTestUser(t.database.db, { roles: ['editor'] });
});
afterAll(() => t.close());

describe('input ranges', () => {
  it('registering with a date of birth before 1900 is a Spanish 400', async () => {
    const res = await post(
      t.app,
      '/api/auth/register',
      registration({ dateOfBirth: '0001-01-01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.dateOfBirthInvalid });
  });

  it('editing a tip to a match date before 2000 is a Spanish 400', async () => {
    const body = { icon: 'tennis', title: 'Nadal', analisis: 'Análisis', category: 'free' };
    const inFuture = new Date(Date.now() + 86_400_000).toISOString();
    const created = await post(
      t.app,
      '/api/tips',
      { ...body, matchDate: inFuture },
      { authorization: editor.authorization },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ tip: { _id: string } }>().tip._id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/tips/${id}`,
      headers: { authorization: editor.authorization },
      payload: { ...body, matchDate: '0001-01-01T12:00:00Z' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: MSG.matchDateInvalid });
  });
});
