import { expect } from 'vitest';

/** No line of `lines` (a captured log) holds any of `secrets`, and the failure `message` was
 * logged at all: the log-redaction tests of every failing path share this check. */
export function expectLoggedWithout(lines: readonly string[], message: string, secrets: string[]) {
  const all = lines.join('\n');
  expect(all, 'the failure is logged').toContain(message);
  for (const secret of secrets) {
    expect(secret.length).toBeGreaterThan(5);
    expect(all, `the log holds ${secret}`).not.toContain(secret);
  }
}
