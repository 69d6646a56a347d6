/** True for a unique-constraint violation (SQLSTATE 23505), from either driver: node-postgres
 * and PGlite set `code` on their error, and Drizzle wraps it as the `cause` of its own. */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, '23505');
}

/** True for a foreign-key violation (SQLSTATE 23503): a referenced row vanished meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return hasSqlState(err, '23503');
}

function hasSqlState(err: unknown, state: string): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
