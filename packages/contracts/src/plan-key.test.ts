import { describe, expect, it } from 'vitest';
import { PLAN_KEY_MAX, planKeyFromName, ZPlanRequest } from './subscription-plans';

describe('planKeyFromName: the key a plan name suggests', () => {
  it.each<[string, string]>([
    ['Plan Trimestral', 'plan-trimestral'],
    ['  Plan   Básico  ', 'plan-basico'],
    ['Año VIP (12 meses)', 'ano-vip-12-meses'],
    ['Pingüino & Ñandú', 'pinguino-nandu'],
    ['plan_semanal', 'plan_semanal'],
    ['¡Oferta!', 'oferta'],
    ['---', ''],
    ['', ''],
  ])('%j gives %j', (name, key) => {
    expect(planKeyFromName(name)).toBe(key);
  });

  it('always gives a key the contract accepts, at most 50 characters, never ending in a hyphen', () => {
    const long = planKeyFromName(`${'a'.repeat(49)} b c`);
    expect(long.length).toBeLessThanOrEqual(PLAN_KEY_MAX);
    expect(long.endsWith('-')).toBe(false);
    for (const name of ['Plan Trimestral', 'Año VIP (12 meses)', long]) {
      const key = planKeyFromName(name);
      expect(ZPlanRequest.safeParse({ name, key, price: 1, duration: 1 }).success).toBe(true);
    }
  });
});
