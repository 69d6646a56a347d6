import { createHash, randomBytes } from 'node:crypto';
import type { NewEmailToken } from './auth.repository';

const HOUR_MS = 3_600_000;

export function hashToken(raw: string): string {
  return createHash('sha256').update(raw).digest('hex');
}

/** 32 random bytes for the link; only their SHA-256 is stored, so a database leak gives
 * nobody a working link. */
export function newEmailToken(now: Date, hours: number): { raw: string; stored: NewEmailToken } {
  const raw = randomBytes(32).toString('base64url');
  return {
    raw,
    stored: { tokenHash: hashToken(raw), expiresAt: new Date(now.getTime() + hours * HOUR_MS) },
  };
}
