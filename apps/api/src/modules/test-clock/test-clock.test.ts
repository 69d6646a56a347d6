import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { createTestUser } from '../../../test/users';
import { loadConfig } from '../../config/config';
import { CLOCK_BACKWARDS } from './test-clock';

const HOUR = 3_600_000;
const REAL = new Date('2026-06-01T12:00:00Z');

describe('the test clock (TEST_CLOCK)', () => {
  let on: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    on = await buildTestApp({ env: { TEST_CLOCK: 'true' }, clock: () => REAL });
    off = await buildTestApp({ clock: () => REAL });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('moves the clock the app reads forward, so a kick-off can pass', async () => {
    const editor = await createTestUser(on.database.db, { now: REAL, roles: ['editor'] });
    const created = await on.app.inject({
      method: 'POST',
      url: '/api/tips',
      headers: { authorization: editor.authorization },
      payload: {
        icon: 'football',
        title: 'Reloj',
        matchDate: new Date(REAL.getTime() + 10 * 60_000).toISOString(),
        analisis: 'x',
        pick: 'Gana el local',
        odds: 2,
        stake: 1,
      },
    });
    const id = (JSON.parse(created.body) as { tip: { _id: string } }).tip._id;
    const moved = await on.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { offsetMs: 11 * 60_000 },
    });
    expect(JSON.parse(moved.body)).toEqual({
      success: true,
      now: new Date(REAL.getTime() + 11 * 60_000).toISOString(),
      offsetMs: 11 * 60_000,
    });
    const settled = await on.app.inject({
      method: 'PATCH',
      url: `/api/tips/${id}/result`,
      headers: { authorization: editor.authorization },
      payload: { result: 'ganado' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
  });

  it('never goes back: the ledger keeps time moving forward, so must the clock', async () => {
    const read = await on.app.inject({ method: 'GET', url: '/api/test/clock' });
    const { offsetMs } = JSON.parse(read.body) as { offsetMs: number };
    expect(offsetMs).toBeGreaterThan(0);
    for (const back of [0, offsetMs - 1]) {
      const res = await on.app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        payload: { offsetMs: back },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ message: CLOCK_BACKWARDS });
    }
    const again = await on.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { offsetMs },
    });
    expect(again.statusCode).toBe(200);
  });

  it('only goes forward, by 30 days at most', async () => {
    for (const offsetMs of [-HOUR, 31 * 24 * HOUR]) {
      const res = await on.app.inject({
        method: 'PUT',
        url: '/api/test/clock',
        payload: { offsetMs },
      });
      expect(res.statusCode).toBe(400);
    }
  });

  it('does not exist without TEST_CLOCK, and production refuses it', async () => {
    const res = await off.app.inject({
      method: 'PUT',
      url: '/api/test/clock',
      payload: { offsetMs: HOUR },
    });
    expect(res.statusCode).toBe(404);
    expect(() =>
      loadConfig(
        {
          NODE_ENV: 'production',
          TEST_CLOCK: 'true',
          JWT_SECRET: 'x'.repeat(40),
          SMTP_URL: 'smtp://x',
          MAIL_FROM: 'a@b.c',
          SEED_DEMO: 'false',
          DATABASE_URL: 'postgres://x/y',
        },
        { webDistDir: '/tmp' },
      ),
    ).toThrow(/TEST_CLOCK/);
  });
});
