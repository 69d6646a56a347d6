import pg from 'pg';

/** The migrated template the run's databases are cloned from, named after the database in
 * DATABASE_URL: two runs on one server with different URLs (two checkouts, CI beside a
 * developer) then never drop each other's template. */
export function templateDb(url: string): string {
  const name = new URL(url).pathname
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_');
  return `magotips_${name || 'test'}_template`;
}

/** The same server and credentials as `url`, on another database. */
export function adminUrl(url: string, database = 'postgres'): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function withAdminClient<T>(
  url: string,
  fn: (c: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
