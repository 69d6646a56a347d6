import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from './auth';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords';

describe('the common-password list', () => {
  it('holds the well-known ones, in English and in Spanish', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(1000);
    for (const p of [
      '123456',
      'password',
      '12345678',
      'qwerty',
      '123456789',
      '111111',
      'iloveyou',
    ]) {
      expect(COMMON_PASSWORDS.has(p), p).toBe(true);
    }
    for (const p of [
      'contraseña',
      'teamo123',
      'futbol',
      'barcelona',
      'realmadrid',
      '1234567',
      'magotips',
    ]) {
      expect(COMMON_PASSWORDS.has(p), p).toBe(true);
    }
  });

  it('is stored lower case, composed, and only with entries the length rule lets through', () => {
    for (const p of COMMON_PASSWORDS) {
      expect(p, p).toBe(p.normalize('NFC').toLowerCase());
      expect([...p].length, p).toBeGreaterThanOrEqual(PASSWORD_MIN);
    }
  });

  it("leaves out the demo accounts' public password", () => {
    expect(isCommonPassword('demo1234')).toBe(false);
  });

  it('compares case-insensitively and by composed form', () => {
    expect(isCommonPassword('IloveYou')).toBe(true);
    expect(isCommonPassword('Contrasen\u0303a')).toBe(true);
    expect(isCommonPassword('iloveyou-mago-2026')).toBe(false);
  });
});
