import pg from 'pg';

/** One query on the shared database, from outside both instances (what the test observes or
 * arranges directly, e.g. a subscription that fell due). */
export async function query<Row extends Record<string, unknown>>(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export async function count(
  databaseUrl: string,
  text: string,
  params: unknown[] = [],
): Promise<number> {
  const [row] = await query<{ n: number }>(
    databaseUrl,
    `select count(*)::int as n from (${text}) as counted`,
    params,
  );
  return row?.n ?? 0;
}
