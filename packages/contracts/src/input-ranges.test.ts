import { describe, expect, it } from 'vitest';
import { dateOfBirthOn } from './auth';
import { MSG } from './messages';
import { ZTipForm, ZTipRequest } from './tips';

const today = () => new Date('2026-06-01T12:00:00Z');
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;
const tip = { icon: 'tennis', title: 'Nadal', analisis: 'Análisis', category: 'free' };
const form = { ...tip, time: '18:00', isPublished: true };

describe('input ranges', () => {
  it('a date of birth before 1900 is not a valid date', () => {
    const schema = dateOfBirthOn(today);
    expect(firstMessage(schema.safeParse('1899-12-31'))).toBe(MSG.dateOfBirthInvalid);
    expect(firstMessage(schema.safeParse('0001-01-01'))).toBe(MSG.dateOfBirthInvalid);
    expect(firstMessage(schema.safeParse('1990-02-30'))).toBe(MSG.dateOfBirthInvalid);
    expect(schema.safeParse('1900-01-01').success).toBe(true);
  });

  it('a match date before 2000 is not a valid date, in the request and in the form', () => {
    expect(firstMessage(ZTipRequest.safeParse({ ...tip, matchDate: '0001-01-01T12:00:00Z' }))).toBe(
      MSG.matchDateInvalid,
    );
    expect(firstMessage(ZTipRequest.safeParse({ ...tip, matchDate: '1999-12-31T23:59:59Z' }))).toBe(
      MSG.matchDateInvalid,
    );
    expect(ZTipRequest.safeParse({ ...tip, matchDate: '2000-01-01T00:00:00Z' }).success).toBe(true);
    expect(firstMessage(ZTipForm.safeParse({ ...form, date: '0001-01-01' }))).toBe(
      MSG.matchDateInvalid,
    );
    expect(ZTipForm.safeParse({ ...form, date: '2026-06-02' }).success).toBe(true);
  });
});
