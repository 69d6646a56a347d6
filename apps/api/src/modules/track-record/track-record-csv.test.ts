import { ZTrackRecordTipsResponse } from '@magotips/contracts/track-record-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/test-app';
import { appWithBook, insertBet } from '../../../test/track-record-bets';
import { textCell } from './track-record-csv';
import { rebuildTrackRecord } from './track-record-days';

let t: TestApp;
let caller = 0;

/** The export as a reader's browser gets it; each call from its own address, so that the
 * export's rate limit is tested on its own. */
async function exportCsv(query = '', remoteAddress = `198.51.100.${++caller % 250}`) {
  return t.app.inject({
    method: 'GET',
    url: `/api/track-record/tips.csv${query}`,
    remoteAddress,
  });
}

/** The lines of a CSV without quoted line breaks (none of these tests has one). */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .slice(0, -1);
const idsOf = (body: string) =>
  linesOf(body)
    .slice(1)
    .map((line) => line.split(',')[0]);

beforeAll(async () => {
  t = await appWithBook();
  await insertBet(t.database.db, {
    title: 'Madrid, "el clásico"',
    icon: 'golf',
    category: 'premium',
    at: '2026-05-01T18:00:00Z',
    odds: 2.5,
    stake: 4,
    closingOdds: 2.25,
    result: 'perdido',
    publishedHoursBefore: 26,
  });
  for (const [title, bookmaker] of [
    ['=HYPERLINK("http://x.example","gana")', '@casa'],
    ['+1,5 goles', '-Casa'],
    ['\tTabulado', 'Bet365'],
  ] as const) {
    await insertBet(t.database.db, {
      title,
      icon: 'esports',
      category: 'free',
      at: '2026-05-02T18:00:00Z',
      odds: 1.5,
      stake: 1,
      bookmaker,
      result: 'ganado',
    });
  }
  await rebuildTrackRecord(t.database.db);
});
afterAll(() => t.close());

describe('GET /api/track-record/tips.csv', () => {
  it('is a UTF-8 CSV download with a byte-order mark and a Spanish header', async () => {
    const res = await exportCsv();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="historial-magotips.csv"',
    );
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(linesOf(res.body)[0]).toBe(
      'ID,Inicio (UTC),Publicado (UTC),Horas antes del inicio,Deporte,Categoría,Partido,Pronóstico,Cuota,Stake,Casa de apuestas,Cuota de cierre,Resultado,Beneficio (u),Resuelto (UTC)',
    );
  });

  it('lists the counted tips as the list does, newest kick-off first', async () => {
    const body = (await exportCsv()).body;
    const list = ZTrackRecordTipsResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/track-record/tips?limit=1000' })).json(),
    );
    expect(idsOf(body)).toEqual(list.tips.map((tip) => tip._id));
    expect(list.tips).toHaveLength(12);
    const t3 = linesOf(body).find((line) => line.includes(',T3,'));
    expect(t3?.split(',').slice(1)).toEqual([
      '2026-05-31T15:00:00.000Z',
      '2026-05-31T12:00:00.000Z',
      '3',
      'Tenis',
      'VIP',
      'T3',
      'Pronóstico de T3',
      '1.9',
      '1',
      'Codere',
      '',
      'Medio ganado',
      '0.45',
      '2026-05-31T18:00:00.000Z',
    ]);
  });

  it('quotes commas and quotes, and writes numbers as numbers', async () => {
    const line = linesOf((await exportCsv('?sport=golf')).body)[1];
    expect(line).toMatch(
      /^[0-9a-f-]{36},2026-05-01T18:00:00\.000Z,2026-04-30T16:00:00\.000Z,26,Golf,VIP,"Madrid, ""el clásico""","Pronóstico de Madrid, ""el clásico""",2\.5,4,Bet365,2\.25,Perdido,-4,2026-05-01T21:00:00\.000Z$/,
    );
  });

  it('keeps what a spreadsheet would run as a formula as text', async () => {
    const lines = linesOf((await exportCsv('?sport=esports')).body).slice(1);
    const cells = lines.map((line) => line.split(',').slice(6));
    expect(lines.join('\n')).toContain(`"'=HYPERLINK(""http://x.example"",""gana"")"`);
    expect(lines.join('\n')).toContain(`"'+1,5 goles"`);
    expect(cells.some((c) => c.includes("'@casa"))).toBe(true);
    expect(cells.some((c) => c.includes("'-Casa"))).toBe(true);
    expect(lines.join('\n')).toContain("'\tTabulado");
    expect(textCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(textCell('-2+3')).toBe("'-2+3");
    expect(textCell('\r=1')).toBe(`"'\r=1"`);
    expect(textCell('Gana el local')).toBe('Gana el local');
    expect(textCell('a\nb')).toBe('"a\nb"');
    expect(textCell(null)).toBe('');
  });

  it('takes every filter of the record', async () => {
    const cases: [string, number][] = [
      ['?sport=tennis', 2],
      ['?category=premium', 4],
      ['?from=2026-05-01&to=2026-05-30', 6],
      ['?oddsBand=2-3', 4],
      ['?stake=3', 2],
      ['?bookmaker=Codere', 2],
      ['?sport=cricket', 0],
    ];
    for (const [query, rows] of cases) {
      const res = await exportCsv(query);
      expect(res.statusCode, query).toBe(200);
      expect(linesOf(res.body), query).toHaveLength(rows + 1);
    }
  });

  it('reads past a chunk without skipping or repeating tips that share an instant', async () => {
    // 2 400 cricket tips, three at each microsecond of one millisecond after another: a cursor
    // rounded to the millisecond would skip or repeat some at the chunks' edges.
    await t.database.db.execute(sql`
      insert into tips (icon, title, match_date, analisis, category, pick, odds_cents, stake,
                        bookmaker, result, published_at, settled_at)
      select 'cricket', 'Masivo ' || g,
             timestamptz '2024-06-01 12:00:00+00' + (g / 3) * interval '1 microsecond',
             'x', 'free', 'Gana', 180, 1, 'Bet365', 'ganado',
             timestamptz '2024-06-01 11:00:00+00', timestamptz '2024-06-01 15:00:00+00'
      from generate_series(1, 2400) g`);
    await rebuildTrackRecord(t.database.db);
    const ids = idsOf((await exportCsv('?sport=cricket')).body);
    expect(ids).toHaveLength(2400);
    expect(new Set(ids).size).toBe(2400);
    const pages = [];
    for (const page of [1, 2, 3]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/track-record/tips?sport=cricket&limit=1000&page=${page}`,
      });
      pages.push(...ZTrackRecordTipsResponse.parse(res.json()).tips.map((tip) => tip._id));
    }
    expect(ids).toEqual(pages);
  });

  it('is limited to ten exports a minute from one address', async () => {
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await exportCsv('', '203.0.113.7')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect((await exportCsv('', '203.0.113.8')).statusCode).toBe(200);
  });
});
