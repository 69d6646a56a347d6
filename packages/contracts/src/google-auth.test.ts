import { describe, expect, it } from 'vitest';
import { GOOGLE_AUTH_MESSAGES, MISSING_BIRTH_DATE_TEXT, OLDER_THAN_21_TEXT } from './google-auth';

// The callback page reads birthday_required and underage from the message (SPEC.md §2): each
// text must carry its own marker and not the other's.
describe('Google sign-in messages', () => {
  it('marks only the birthday message with the missing-birth-date text', () => {
    for (const [code, message] of Object.entries(GOOGLE_AUTH_MESSAGES)) {
      expect(message.includes(MISSING_BIRTH_DATE_TEXT), code).toBe(code === 'birthday_required');
    }
  });

  it('says older than 21 only in the underage message, which is the registration text', () => {
    for (const [code, message] of Object.entries(GOOGLE_AUTH_MESSAGES)) {
      expect(message.includes(OLDER_THAN_21_TEXT), code).toBe(code === 'underage');
    }
    expect(GOOGLE_AUTH_MESSAGES.underage).toBe('Debes ser mayor de 21 años para registrarte');
  });
});
