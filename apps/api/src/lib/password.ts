import { hash, verify } from '@node-rs/argon2';

// OWASP baseline for argon2id: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Argon2id; the
// package only exports it as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}
