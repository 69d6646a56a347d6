import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZNextPath, ZResendVerificationRequest } from './auth';
import { birthDateFromParts, birthDatePartsOf } from './birth-date';
import { MSG } from './messages';
import {
  registerRequestOn,
  ZChangePasswordForm,
  ZRegisterForm,
  ZRegisterRequest,
  ZResetPasswordForm,
} from './new-password';
import { isValidPhone, normalizePhone } from './phone';

// Issue 13, items 1, 4 and 5: what people type on a phone, the three date fields, messages that
// show together, and `next` on the API.

const valid = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@example.com',
  password: 'secreta1',
  dateOfBirth: '1990-05-04',
};
const messagesOf = (r: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => r.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('phone numbers as people type them (item 4)', () => {
  it.each([
    ['600 12 34 56', '600123456'],
    ['+34 600-123-456', '+34600123456'],
    ['34 600 123 456', '34600123456'],
    ['+34 (600) 12.34.56', '+34600123456'],
    ['+34\u00a0600\u00a0123\u00a0456', '+34600123456'],
    ['  +34600123456  ', '+34600123456'],
  ])('normalises %j to %s, which the rule accepts', (typed, normalised) => {
    expect(normalizePhone(typed)).toBe(normalised);
    expect(isValidPhone(typed)).toBe(true);
    expect(ZRegisterRequest.parse({ ...valid, phone: typed }).phone).toBe(normalised);
  });

  it.each([
    '0600 123 456',
    '0034 600 123 456',
    '+0 600',
    '600 12a 34',
    '+',
    '+34 600 123 456 789 0123',
  ])("keeps SPEC.md's message for %j", (typed) => {
    const r = ZRegisterRequest.safeParse({ ...valid, phone: typed });
    expect(messagesOf(r)).toEqual([['phone', MSG.phone]]);
  });

  it('lets the form leave the phone empty, also with only spaces, and sends the normalised one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    try {
      const form = { ...valid, confirmPassword: valid.password, acceptTerms: true as const };
      expect(ZRegisterForm.parse({ ...form, phone: '' }).phone).toBe('');
      expect(ZRegisterForm.parse({ ...form, phone: '   ' }).phone).toBe('');
      expect(ZRegisterForm.parse({ ...form, phone: '600 12 34 56' }).phone).toBe('600123456');
      expect(messagesOf(ZRegisterForm.safeParse({ ...form, phone: '0600 12 34 56' }))).toEqual([
        ['phone', MSG.phone],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('date of birth from three fields: día, mes, año (item 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  const judge = (day: string, month: string, year: string) => {
    const r = registerRequestOn(() => new Date())
      .pick({ dateOfBirth: true })
      .safeParse({ dateOfBirth: birthDateFromParts({ day, month, year }) });
    return r.success ? 'ok' : r.error.issues[0]?.message;
  };

  it('spells the date YYYY-MM-DD with padded day and month', () => {
    expect(birthDateFromParts({ day: '4', month: '5', year: '1990' })).toBe('1990-05-04');
    expect(birthDateFromParts({ day: '21', month: '11', year: '2005' })).toBe('2005-11-21');
    expect(judge('4', '5', '1990')).toBe('ok');
  });

  it('keeps the age rule: the 21st birthday passes, the day after it does not', () => {
    expect(judge('21', '11', '2005')).toBe('ok');
    expect(judge('22', '11', '2005')).toBe(MSG.underage);
  });

  it('says the date is required when all three are empty, and not valid when partial or impossible', () => {
    expect(birthDateFromParts({ day: '', month: '', year: '' })).toBe('');
    expect(judge('', '', '')).toBe(MSG.dateOfBirthRequired);
    expect(judge('4', '', '1990')).toBe(MSG.dateOfBirthInvalid);
    expect(judge('4', '5', '')).toBe(MSG.dateOfBirthInvalid);
    expect(judge('', '5', '1990')).toBe(MSG.dateOfBirthInvalid);
    expect(judge('31', '2', '1990')).toBe(MSG.dateOfBirthInvalid);
    expect(judge('4', '5', '90')).toBe(MSG.dateOfBirthInvalid);
    expect(judge('4', '5', '19900')).toBe(MSG.dateOfBirthInvalid);
    expect(judge('123', '5', '1990')).toBe(MSG.dateOfBirthInvalid);
  });

  it('reads a kept date back into the three fields', () => {
    expect(birthDatePartsOf('1990-05-04')).toEqual({ day: '4', month: '5', year: '1990' });
    expect(birthDatePartsOf('1990-05-00')).toEqual({ day: '', month: '5', year: '1990' });
    expect(birthDatePartsOf('')).toEqual({ day: '', month: '', year: '' });
  });
});

describe('a mismatch shows together with the other messages (item 5)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('registration: a short password, a different confirmation, no date and no terms, all at once', () => {
    const r = ZRegisterForm.safeParse({
      ...valid,
      dateOfBirth: '',
      password: '123',
      confirmPassword: '1234',
      acceptTerms: false,
    });
    const messages = messagesOf(r);
    expect(messages).toContainEqual(['password', MSG.password]);
    expect(messages).toContainEqual(['confirmPassword', MSG.passwordsMismatch]);
    expect(messages).toContainEqual(['acceptTerms', MSG.termsRequired]);
    expect(messages).toContainEqual(['dateOfBirth', MSG.dateOfBirthRequired]);
  });

  it('reset: length and mismatch together', () => {
    expect(
      messagesOf(ZResetPasswordForm.safeParse({ password: '123', confirmPassword: '12' })),
    ).toEqual([
      ['password', MSG.password],
      ['confirmPassword', MSG.passwordsMismatch],
    ]);
  });

  it('change: length and mismatch together, also with a missing current password', () => {
    expect(
      messagesOf(
        ZChangePasswordForm.safeParse({
          currentPassword: '',
          newPassword: '123',
          confirmPassword: '1',
        }),
      ),
    ).toEqual([
      ['currentPassword', MSG.currentPasswordRequired],
      ['newPassword', MSG.newPasswordLength],
      ['confirmPassword', MSG.passwordsMismatch],
    ]);
  });
});

describe('next on the API (item 1)', () => {
  it('accepts a page of the site and refuses anything else with a Spanish message', () => {
    expect(ZNextPath.parse('/tip/abc')).toBe('/tip/abc');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/%2F/evil',
    ]) {
      expect(messagesOf(ZNextPath.safeParse(bad))).toEqual([['', MSG.nextPathInvalid]]);
    }
    expect(
      messagesOf(ZResendVerificationRequest.safeParse({ email: 'a@b.co', next: '//evil.example' })),
    ).toEqual([['next', MSG.nextPathInvalid]]);
  });
});
