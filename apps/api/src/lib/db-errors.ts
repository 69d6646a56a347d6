/** True for a unique-constraint violation (SQLSTATE 23505), from either driver: node-postgres
 * and PGlite set `code` on their error, and Drizzle wraps it as the `cause` of its own. */
export function isUniqueViolation(err: unknown): boolean {
  return hasSqlState(err, '23505');
}

/** True for a foreign-key violation (SQLSTATE 23503): a referenced row vanished meanwhile. */
export function isForeignKeyViolation(err: unknown): boolean {
  return hasSqlState(err, '23503');
}

/** True when a reference refused a delete: SQLSTATE 23001 for ON DELETE RESTRICT (PostgreSQL 16
 * on, PGlite), 23503 for the same from PostgreSQL 15 and older. */
export function isReferencedRowDelete(err: unknown): boolean {
  return hasSqlState(err, '23001') || hasSqlState(err, '23503');
}

function hasSqlState(err: unknown, state: string): boolean {
  return driverError(err)?.code === state;
}

type DriverError = { code: string; message: string };

/** The database's own error inside Drizzle's wrapper: the first in the cause chain with a
 * five-character SQLSTATE. */
function driverError(err: unknown): DriverError | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, message: typeof message === 'string' ? message : '' };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * What a log may say about a failed query: its SQLSTATE and the database's message with every
 * quoted or bracketed value after a colon removed ('invalid input syntax for type uuid: "…"').
 * Never Drizzle's wrapper, whose message and stack carry the SQL and its parameters (a person's
 * data, a password hash). Null when the error did not come from the database.
 */
export function describeDbError(err: unknown): { sqlState: string; dbMessage: string } | null {
  const found = driverError(err);
  if (!found) return null;
  const firstLine = found.message.split('\n')[0] ?? '';
  const dbMessage = firstLine
    .replace(/:\s.*$/s, ': [redactado]')
    .replace(/\(([^)]*)\)=\(([^)]*)\)/g, '($1)=([redactado])')
    .slice(0, 200);
  return { sqlState: found.code, dbMessage };
}
