import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZLoginRequest } from './auth';
import { MSG } from './messages';
import {
  registerRequestOn,
  ZChangePasswordForm,
  ZChangePasswordRequest,
  ZNewPassword,
  ZRegisterForm,
  ZRegisterRequest,
  ZResetPasswordRequest,
} from './new-password';

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
    expect(r2.success ? [] : r2.error.issues.map((i) => i.message)).toEqual([
      MSG.passwordsMismatch,
    ]);
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
  it('asks for the current password with its own text', () => {
    const r = ZChangePasswordForm.safeParse({
      currentPassword: '',
      newPassword: '123',
      confirmPassword: '1234',
    });
    const messages = r.success ? [] : r.error.issues.map((i) => i.message);
    expect(messages).toEqual([
      MSG.currentPasswordRequired,
      MSG.newPasswordLength,
      MSG.passwordsMismatch,
    ]);
  });
});

describe('common passwords', () => {
  const messagesOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message) ?? [];

  it.each([
    '123456',
    'password',
    'iloveyou',
    'Qwerty123',
    'CONTRASEÑA',
    'contrasen\u0303a',
    'teamo123',
    'RealMadrid',
    'barcelona',
  ])('refuses %s as a new password, whatever its case', (password) => {
    expect(messagesOf(ZNewPassword.safeParse(password))).toEqual([MSG.commonPassword]);
  });

  it('applies to every request that sets a password, with the Spanish text on the right field', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    try {
      const register = ZRegisterRequest.safeParse({ ...valid, password: 'futbol123' });
      expect(register.error?.issues).toEqual([
        expect.objectContaining({ path: ['password'], message: MSG.commonPassword }),
      ]);
      const form = ZRegisterForm.safeParse({
        ...valid,
        password: 'Princesa',
        confirmPassword: 'Princesa',
        acceptTerms: true,
      });
      expect(messagesOf(form)).toEqual([MSG.commonPassword]);
    } finally {
      vi.useRealTimers();
    }
    const reset = ZResetPasswordRequest.safeParse({ token: 'abc', password: 'letmein' });
    expect(reset.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: MSG.commonPassword }),
    ]);
    const change = ZChangePasswordRequest.safeParse({
      currentPassword: 'x',
      newPassword: 'sunshine',
    });
    expect(change.error?.issues).toEqual([
      expect.objectContaining({ path: ['newPassword'], message: MSG.commonPassword }),
    ]);
    const changeForm = ZChangePasswordForm.safeParse({
      currentPassword: 'x',
      newPassword: 'qwerty',
      confirmPassword: 'qwerty',
    });
    expect(messagesOf(changeForm)).toEqual([MSG.commonPassword]);
  });

  it('accepts an uncommon password, and a short one keeps its own length text only', () => {
    expect(ZNewPassword.safeParse('caballo-grapa-bateria').success).toBe(true);
    expect(messagesOf(ZNewPassword.safeParse('12345'))).toEqual([MSG.password]);
    const change = ZChangePasswordRequest.safeParse({ currentPassword: 'x', newPassword: '123' });
    expect(messagesOf(change)).toEqual([MSG.newPasswordLength]);
  });

  it('never stops a sign-in, nor a current password being confirmed', () => {
    expect(ZLoginRequest.safeParse({ email: 'ana@example.com', password: '123456' }).success).toBe(
      true,
    );
    expect(
      ZLoginRequest.safeParse({ email: 'ana@example.com', password: 'password' }).success,
    ).toBe(true);
    expect(
      ZChangePasswordRequest.safeParse({
        currentPassword: 'password',
        newPassword: 'caballo-grapa',
      }).success,
    ).toBe(true);
  });

  it("lets the demo accounts' public password through (it is not in the list)", () => {
    expect(ZNewPassword.safeParse('demo1234').success).toBe(true);
  });
});
