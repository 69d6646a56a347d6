// Issue 28 item 6's verdicts and tables (readers.mjs, match-day.mjs), added to report.mjs's.
export const READER_TARGETS = {
  // Signed-in reads by 1,000 distinct readers, read cache on, on PostgreSQL: share of the hello.
  readersShareOnPostgres: 0.25,
  // The product with READ_CACHE_TTL_MS=0 on PostgreSQL (one reader, 1,000, the track record).
  cacheOffShareOnPostgres: 0.1,
  p99Ms: 50,
};

const pct = (x) => `${(x * 100).toFixed(0)} %`;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const STEP_NAMES = { readers: 'lectores distintos, caché on', 'cache-off': 'caché off (READ_CACHE_TTL_MS=0)' };
const who = (r) => (r.readers > 1 ? `${r.readers} lectores` : r.readers === 1 ? '1 lector' : 'visitante');

/** On PostgreSQL, each row's share of the hello and p99. On PGlite, only the distinct readers'
 * p99: the main report already holds those reads to 50 ms on PGlite, and no share of the hello
 * for signed-in reads there; cache off on PGlite is reported without a verdict (decision 0090). */
export function readerVerdicts(results) {
  const out = [];
  for (const r of results.readerRows ?? []) {
    const onPostgres = r.database === 'postgres';
    if (!onPostgres && r.step !== 'readers') continue;
    const share = r.rps / r.ceilingRps;
    const min = r.step === 'readers' ? READER_TARGETS.readersShareOnPostgres : READER_TARGETS.cacheOffShareOnPostgres;
    const subject = `${r.database} ${STEP_NAMES[r.step]}: ${r.name}, ${who(r)}`;
    if (onPostgres) out.push({ target: `${STEP_NAMES[r.step]} en PostgreSQL ≥ ${pct(min)} del techo`, subject, value: pct(share), pass: share >= min });
    out.push({ target: `p99 ≤ ${READER_TARGETS.p99Ms} ms`, subject, value: `${r.p99} ms`, pass: r.rps > 0 && r.p99 <= READER_TARGETS.p99Ms && r.non2xx === 0 && r.errors === 0 });
  }
  for (const m of results.matchDay ?? []) {
    out.push({
      target: `día de partido: ${m.readers} e-mails ≤ ${m.limitMs / 1000} s`,
      subject: 'postgres, SMTP local',
      value: `${seconds(m.fanOutMs)} (${m.received} recibidos, ${m.sent} enviados, ${m.failed} fallidos)`,
      pass: m.complete && m.fanOutMs <= m.limitMs && m.received >= m.readers && m.sent >= m.readers,
    });
    out.push({
      target: `día de partido: p99 del tip leído durante el envío ≤ ${READER_TARGETS.p99Ms} ms`,
      subject: `postgres, ${m.tokens} lectores distintos, ${m.readers} avisos`,
      value: `${m.read.p99} ms${m.fanOutRunning ? '' : ' (el envío acabó antes)'}`,
      pass: m.read.rps > 0 && m.read.p99 <= READER_TARGETS.p99Ms && m.read.non2xx === 0 && m.read.errors === 0,
    });
  }
  return out;
}

export function readerMarkdown(results) {
  const lines = [];
  const rows = results.readerRows ?? [];
  if (rows.length) {
    lines.push(
      '',
      'Lectores con sesión (issue 28): "lectores distintos" son cuentas reales con su sesión y su token (la mitad usuarios gratis, la mitad suscriptores), y cada petición lleva el token del siguiente; "caché off" es el producto arrancado con `READ_CACHE_TTL_MS=0`. Objetivos de % del techo solo en PostgreSQL; en PGlite, solo el p99 de los lectores distintos.',
      '',
      '| base | tips | paso | lectura | quién | req/s | techo req/s | % techo | CPU µs/pet. | techo CPU µs | p50 ms | p99 ms | no-2xx | errores |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const r of rows) {
      // No answer within the measurement (a server still busy with the previous read's queue) is
      // said as such, not left to read as a fast zero.
      const rps = r.rps > 0 ? r.rps : '0 (ninguna respuesta)';
      lines.push(`| ${r.database} | ${r.tips} | ${STEP_NAMES[r.step]} | ${r.name} \`${r.path}\` | ${who(r)} | ${rps} | ${r.ceilingRps} | ${pct(r.rps / r.ceilingRps)} | ${r.cpuUsPerRequest ?? ''} | ${r.ceilingCpuUs ?? ''} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
    }
  }
  const days = results.matchDay ?? [];
  if (days.length) {
    lines.push(
      '',
      'Día de partido (PostgreSQL, SMTP local): un tip gratis publicado a los lectores con avisos por e-mail y, mientras salen, leído por lectores distintos de esos mismos (50 conexiones, cada petición con el token del siguiente).',
      '',
      '| avisos | todos recibidos en | objetivo | enviados | recibidos | fallidos | lectores que leen | lectura desde–hasta | req/s | p50 ms | p99 ms | no-2xx | errores |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const m of days) {
      const arrived = m.complete ? seconds(m.fanOutMs) : `sin completar a ${seconds(m.fanOutMs)}`;
      lines.push(`| ${m.readers} | ${arrived} | ${m.limitMs / 1000} s | ${m.sent} | ${m.received} | ${m.failed} | ${m.tokens} | ${seconds(m.readFromMs)}–${seconds(m.readToMs)} | ${m.read.rps} | ${m.read.p50} | ${m.read.p99} | ${m.read.non2xx} | ${m.read.errors} |`);
    }
  }
  return lines;
}
