import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRequestOn, ZRegisterForm, ZRegisterRequest } from './auth';
import { MSG } from './messages';

const valid = {
  firstName: '  Ana ',
  lastName: 'López',
  email: 'ana@example.com',
  password: 'secreta1',
  dateOfBirth: '1990-05-04',
};

function firstMessage(input: unknown): string | undefined {
  const r = ZRegisterRequest.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('registration rules', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('accepts a valid payload and trims names', () => {
    const r = ZRegisterRequest.parse(valid);
    expect(r.firstName).toBe('Ana');
  });

  it.each([
    [{ firstName: 'A' }, MSG.firstName],
    [{ firstName: 'x'.repeat(51) }, MSG.firstName],
    [{ lastName: '' }, MSG.lastName],
    [{ email: 'ana@example' }, MSG.email],
    [{ password: '12345' }, MSG.password],
    [{ phone: '0123' }, MSG.phone],
    [{ phone: '+12345678901234567' }, MSG.phone],
    [{ dateOfBirth: '' }, MSG.dateOfBirthRequired],
    [{ dateOfBirth: '2005-11-22' }, MSG.underage],
  ])('%o → %s', (patch, message) => {
    expect(firstMessage({ ...valid, ...patch })).toBe(message);
  });

  it('accepts a phone of up to 16 digits with an optional plus', () => {
    expect(firstMessage({ ...valid, phone: '12345678901234567' })).toBe(MSG.phone);
    expect(firstMessage({ ...valid, phone: '+1234567890123456' })).toBeUndefined();
    expect(firstMessage({ ...valid, phone: '1234567890123456' })).toBeUndefined();
  });

  it('the form also needs the matching confirmation and accepted terms', () => {
    const form = { ...valid, confirmPassword: 'otra', acceptTerms: false };
    const r = ZRegisterForm.safeParse(form);
    expect(r.success).toBe(false);
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toContain(MSG.termsRequired);
    const r2 = ZRegisterForm.safeParse({ ...form, acceptTerms: true });
    expect(r2.success ? [] : r2.error.issues.map((i) => i.message)).toEqual([MSG.passwordsMismatch]);
  });
});

describe('registration on a given day (the server passes its clock)', () => {
  it('accepts the 21st birthday and refuses the day before, whatever the machine date', () => {
    const schema = registerRequestOn(() => new Date('2031-03-15T12:00:00Z'));
    expect(schema.safeParse({ ...valid, dateOfBirth: '2010-03-15' }).success).toBe(true);
    const dayBefore = schema.safeParse({ ...valid, dateOfBirth: '2010-03-16' });
    expect(dayBefore.success ? undefined : dayBefore.error.issues[0]?.message).toBe(MSG.underage);
  });
});

describe('password change rules', () => {
  it('asks for the current password with its own text', async () => {
    const { ZChangePasswordForm } = await import('./auth');
    const r = ZChangePasswordForm.safeParse({ currentPassword: '', newPassword: '123', confirmPassword: '1234' });
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual([MSG.currentPasswordRequired, MSG.newPasswordLength, MSG.passwordsMismatch]);
  });
});
