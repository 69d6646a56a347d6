import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, type TestApp } from '../../../test/test-app';
import { seedDemo } from '../../db/seed/demo-seed';
import { tips } from '../../db/schema';

const now = new Date('2026-06-01T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  const database = await createTestDatabase();
  await seedDemo(database.db, now);
  // An unpublished free tip must never reach the public.
  await database.db.insert(tips).values({
    icon: 'golf',
    title: 'Borrador oculto',
    matchDate: new Date(now.getTime() + 3_600_000),
    analisis: 'secreto',
    category: 'free',
    isPublished: false,
  });
  t = await buildTestApp({ database, clock: () => now });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

describe('GET /api/tips/preview', () => {
  it('returns published free tips without their analysis, the live one first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tips/preview' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.tips).toHaveLength(3);
    for (const tip of body.tips) {
      expect(tip).not.toHaveProperty('analisis');
      expect(tip.category).toBe('free');
      expect(tip.title).not.toBe('Borrador oculto');
    }
    expect(body.tips[0].status).toBe('en_progreso');
    expect(body.tips[1].status).toBe('pendiente');
    expect(JSON.stringify(body)).not.toContain('secreto');
  });

  it('honours limit and rejects a bad one in Spanish', async () => {
    const one = await t.app.inject({ method: 'GET', url: '/api/tips/preview?limit=1' });
    expect(one.json().tips).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/tips/preview?limit=500' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(bad.json().message).toMatch(/[Dd]emasiado grande|menor|máximo/);
  });

  it('is open to visitors without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tips/preview' });
    expect(res.statusCode).toBe(200);
  });
});
