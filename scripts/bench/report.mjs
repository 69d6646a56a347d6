// The bench's verdicts (issue 8's targets) and its Markdown table.
import { readerMarkdown, readerVerdicts } from './report-readers.mjs';
export const TARGETS = {
  publicShare: 0.7, // public reads, share of the ceiling's req/s
  authShareOnPostgres: 0.35, // authenticated reads on PostgreSQL
  tipShare: 0.4, // one tip by id, as a subscriber (issue 17)
  managementShare: 0.3, // the editors' list, each page the panel offers (issue 17)
  p99Ms: 50,
  lighthousePerformance: 0.98,
  lighthouseAccessibility: 1,
  landingJsBytes: 120 * 1024,
  listScaleRatio: 1.3, // management list share of the ceiling with 1k tips ÷ with 1M tips
  alertFanOutMs: 60_000, // one tip to 10,000 e-mail readers, publish to the last one handed over
  // The publish call while a fan-out runs, against the same call with nothing to send: within
  // noise of each other (a shared machine doubles a p99 on its own now and then).
  publishP99Ratio: 1.5,
  publishP99SlackMs: 20,
  // Issue 17: process start → first 200 on /api/health with existing data, and resident memory.
  coldStartMs: { postgres: 1000, pglite: 1500 },
  idleRssMb: { postgres: 150, pglite: 180 }, // issue 28 item 7: PGlite 250 → 180 MB
  loadedRssMb: { postgres: 200, pglite: 250 },
  // The proof issue: a full ledger page against the same bytes sent by the bare Fastify, and the
  // verifier over the whole ledger (LEDGER_ENTRIES, 100 000 by default).
  ledgerPageShare: 0.5,
  verifyMs: 10_000,
  // Issue 33: the business dashboard, 100k readers and 1M transactions on PostgreSQL, each period.
  businessP99Ms: 300,
};

/** A figure's share of the ceiling measured right before it (older results: the run's one). */
const shareOf = (e, results) => e.rps / (e.ceilingRps ?? results.ceiling.rps);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pct = (x) => `${(x * 100).toFixed(0)} %`;
const ok = (pass) => (pass ? '✅' : '❌');

/** One verdict per target and measurement, so the note can quote them one by one. */
export function verdicts(results) {
  const out = [];
  for (const run of results.runs) {
    for (const e of run.endpoints) {
      const share = shareOf(e, results);
      if (e.group === 'public') {
        out.push({ target: `público ≥ ${pct(TARGETS.publicShare)} del techo`, subject: `${run.database} ${e.name}`, value: pct(share), pass: share >= TARGETS.publicShare });
      }
      if (e.group === 'auth' && run.database === 'postgres') {
        out.push({ target: `autenticado en PostgreSQL ≥ ${pct(TARGETS.authShareOnPostgres)} del techo`, subject: `${run.database} ${e.name}`, value: pct(share), pass: share >= TARGETS.authShareOnPostgres });
      }
      if (e.group === 'tip') {
        out.push({ target: `un tip por id ≥ ${pct(TARGETS.tipShare)} del techo`, subject: `${run.database} ${e.name}`, value: pct(share), pass: share >= TARGETS.tipShare });
      }
      if (e.group === 'management') {
        out.push({ target: `lista de gestión ≥ ${pct(TARGETS.managementShare)} del techo`, subject: `${run.database} ${e.tips} ${e.name}`, value: pct(share), pass: share >= TARGETS.managementShare });
      }
      // A run that got no answer at all (a server stuck behind a slow read) has no p99 to pass.
      out.push({ target: `p99 ≤ ${TARGETS.p99Ms} ms`, subject: `${run.database} ${e.name}`, value: `${e.p99} ms`, pass: e.rps > 0 && e.p99 <= TARGETS.p99Ms && e.non2xx === 0 && e.errors === 0 });
    }
    const st = run.startup;
    if (st?.coldStartMs !== undefined) {
      const db = run.database;
      out.push({ target: `arranque en frío ≤ ${TARGETS.coldStartMs[db]} ms`, subject: `${db}, ${st.tips} tips`, value: `${st.coldStartMs} ms`, pass: st.coldStartMs <= TARGETS.coldStartMs[db] });
      out.push({ target: `RSS en reposo ≤ ${TARGETS.idleRssMb[db]} MB`, subject: db, value: `${st.idleRssMb} MB`, pass: st.idleRssMb !== null && st.idleRssMb <= TARGETS.idleRssMb[db] });
      out.push({ target: `RSS tras la carga ≤ ${TARGETS.loadedRssMb[db]} MB`, subject: db, value: `${st.loadedRssMb} MB`, pass: st.loadedRssMb !== null && st.loadedRssMb <= TARGETS.loadedRssMb[db] });
    }
    for (const s of run.scale ?? []) {
      // Each size against the ceiling measured right before it: the two sizes are minutes apart,
      // and on a shared machine the ceiling itself can halve in between.
      const ratio = shareOf(s.small, results) / shareOf(s.large, results);
      out.push({ target: `lista de gestión con ${s.largeTips} tips a ≤ ${TARGETS.listScaleRatio}x de ${s.smallTips} (en % del techo)`, subject: `${run.database} ${s.name}`, value: `${ratio.toFixed(2)}x (${pct(shareOf(s.small, results))} → ${pct(shareOf(s.large, results))}; ${s.small.rps} → ${s.large.rps} req/s)`, pass: ratio <= TARGETS.listScaleRatio });
    }
  }
  if (results.alerts) {
    const a = results.alerts;
    out.push({ target: `${a.readers} avisos por e-mail ≤ ${TARGETS.alertFanOutMs / 1000} s`, subject: 'postgres, SMTP local', value: `${(a.fanOutMs / 1000).toFixed(1)} s (${a.received} recibidos)`, pass: a.fanOutMs <= TARGETS.alertFanOutMs && a.received >= a.readers && a.sent >= a.readers });
    const limit = Math.max(a.idle.p99 * TARGETS.publishP99Ratio, a.idle.p99 + TARGETS.publishP99SlackMs);
    out.push({ target: `p99 de publicar durante el envío ≤ ${TARGETS.publishP99Ratio}x (o +${TARGETS.publishP99SlackMs} ms) del p99 sin envío`, subject: 'postgres POST /api/tips', value: `${a.busy.p99} ms frente a ${a.idle.p99} ms`, pass: a.busy.p99 <= limit && a.busy.non2xx === 0 && a.idle.non2xx === 0 });
  }
  // Issue 28 item 6: distinct readers, cache off, match day (report-readers.mjs).
  out.push(...readerVerdicts(results));
  if (results.ledger) {
    const l = results.ledger;
    const share = l.page.rps / l.page.sameBytesRps;
    out.push({ target: `página del registro ≥ ${pct(TARGETS.ledgerPageShare)} de los mismos bytes`, subject: 'pglite, 1000 entradas', value: `${pct(share)} (${l.page.rps} / ${l.page.sameBytesRps} req/s)`, pass: share >= TARGETS.ledgerPageShare });
    out.push({ target: `verificador ≤ ${TARGETS.verifyMs / 1000} s`, subject: `pglite, ${l.entries} entradas`, value: `${(l.verifyColdMs / 1000).toFixed(1)} s en frío, ${(l.verifyWarmMs / 1000).toFixed(1)} s en caliente`, pass: l.verifyOk && l.verifyWarmMs <= TARGETS.verifyMs });
  }
  for (const p of results.business?.periods ?? []) {
    out.push({ target: `panel de negocio p99 ≤ ${TARGETS.businessP99Ms} ms`, subject: `postgres ${results.business.readers} lectores, ${results.business.transactions} transacciones: ${p.name}`, value: `${p.p99} ms (primera respuesta ${p.firstMs} ms)`, pass: p.requests > 0 && p.p99 <= TARGETS.businessP99Ms && p.non2xx === 0 && p.errors === 0 });
  }
  if (results.landing) {
    out.push({ target: `JS de la portada ≤ ${kb(TARGETS.landingJsBytes)} gzip`, subject: 'landing', value: kb(results.landing.gzip), pass: results.landing.gzip <= TARGETS.landingJsBytes });
  }
  for (const l of results.lighthouse ?? []) {
    out.push({ target: `Lighthouse rendimiento ≥ ${TARGETS.lighthousePerformance}`, subject: l.path, value: String(l.performance), pass: l.performance >= TARGETS.lighthousePerformance });
    out.push({ target: `Lighthouse accesibilidad = ${TARGETS.lighthouseAccessibility}`, subject: l.path, value: String(l.accessibility), pass: l.accessibility >= TARGETS.lighthouseAccessibility });
  }
  return out;
}

/** Issue 33's dashboard (business.mjs): the load, then each period against the same-connection ceiling. */
function businessMarkdown(b) {
  const seed = b.reused ? 'datos de una ejecución anterior' : `cargados en ${(b.insertMs / 1000).toFixed(1)} s + ${(b.analyzeMs / 1000).toFixed(1)} s de vacuum analyze`;
  const lines = ['', `Panel de negocio (PostgreSQL): ${b.readers} lectores y ${b.transactions} transacciones en 24 meses, ${seed}. \`GET /api/admin/business\` sin caché en el servicio: cada petición hace las consultas; ${b.connections} conexiones (el panel lo leen el dueño y pocos administradores), el techo medido con las mismas.`, '', '| periodo | primera respuesta ms | peticiones | req/s | techo req/s | % techo | p50 ms | p99 ms | no-2xx |', '|---|---|---|---|---|---|---|---|---|'];
  for (const p of b.periods) lines.push(`| ${p.name} \`${p.path}\` | ${p.firstMs} | ${p.requests} | ${p.rps} | ${p.ceilingRps} | ${pct(p.rps / p.ceilingRps)} | ${p.p50} | ${p.p99} | ${p.non2xx} |`);
  return lines;
}

export function markdown(results) {
  const lines = [
    `# MagoTips bench (${results.date})`,
    '',
    `${results.machine}. autocannon, ${results.connections} conexiones, ${results.seconds} s por medida (tras ${results.warmupSeconds} s de calentamiento).`,
    '',
    `Techo: Fastify vacío (\`GET /\` → \`{"hello":"world"}\`): **${results.ceiling.rps} req/s**, p50 ${results.ceiling.p50} ms, p99 ${results.ceiling.p99} ms.`,
    '',
    'El techo se mide otra vez justo antes de cada medida; "% techo" compara con esa.',
    '"Mismos bytes": el Fastify vacío enviando el estado, las cabeceras y el cuerpo que dio el producto',
    '(lo que cuesta la respuesta en sí, en el servidor y en el generador de carga); "% mismos bytes" es',
    'lo que deja el trabajo propio del producto.',
    '"CPU µs/pet.": tiempo de CPU del proceso servidor por petición durante la medida (/proc), como',
    'dato y no como veredicto: también varía con la carga (decisión 0060). "% techo CPU" = CPU del',
    'techo ÷ CPU del producto.',
    '',
    '| base | tips | endpoint | req/s | techo req/s | % techo | mismos bytes req/s | % mismos bytes | CPU µs/pet. | techo CPU µs | mismos bytes CPU µs | % techo CPU | p50 ms | p99 ms | no-2xx | errores |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const run of results.runs) {
    for (const e of run.endpoints) {
      const same = e.sameBytesRps ? `| ${e.sameBytesRps} | ${pct(e.rps / e.sameBytesRps)} ` : '| | ';
      const cpuShare = e.cpuUsPerRequest && e.ceilingCpuUs ? pct(e.ceilingCpuUs / e.cpuUsPerRequest) : '';
      const cpu = `| ${e.cpuUsPerRequest ?? ''} | ${e.ceilingCpuUs ?? ''} | ${e.sameBytesCpuUs ?? ''} | ${cpuShare} `;
      lines.push(`| ${run.database} | ${e.tips} | ${e.name} \`${e.path}\` | ${e.rps} | ${e.ceilingRps ?? results.ceiling.rps} | ${pct(shareOf(e, results))} ${same}${cpu}| ${e.p50} | ${e.p99} | ${e.non2xx} | ${e.errors} |`);
    }
  }
  const started = results.runs.filter((r) => r.startup?.coldStartMs !== undefined);
  if (started.length) {
    lines.push('', 'Arranque (datos existentes, del inicio del proceso al primer 200 de `/api/health`; mediana de 3) y memoria residente:', '', '| base | tips | arranque ms | mejor ms | CPU ms | RSS en reposo MB | RSS tras la carga MB |', '|---|---|---|---|---|---|---|');
    for (const r of started) {
      const st = r.startup;
      lines.push(`| ${r.database} | ${st.tips} | ${st.coldStartMs} | ${st.coldStartBestMs} | ${st.coldStartCpuMs ?? ''} | ${st.idleRssMb ?? ''} | ${st.loadedRssMb ?? ''} |`);
    }
  }
  const firsts = results.runs.filter((r) => r.recordFirst?.length);
  if (firsts.length) {
    lines.push('', 'Historial: primera respuesta de cada lectura tras arrancar, antes de que la guarde la caché de lecturas (lo que cuesta la lectura en sí; sin objetivo propio, decisión 0074):', '', '| base | tips | lectura | ms |', '|---|---|---|---|');
    for (const r of firsts) for (const f of r.recordFirst) lines.push(`| ${r.database} | ${f.tips} | ${f.name} \`${f.path}\` | ${f.ms} |`);
  }
  if (results.loads?.length) {
    lines.push('', 'Cargas de tips de bench (el historial se reconstruye tras cada una):', '', '| base | tips | en el historial | filas de resumen | carga ms | reconstrucción ms |', '|---|---|---|---|---|---|');
    for (const l of results.loads) lines.push(`| ${l.database} | ${l.tips} | ${l.counted} | ${l.summaryRows ?? ''} | ${l.insertMs} | ${l.rebuildMs} |`);
  }
  if (results.alerts) {
    const a = results.alerts;
    lines.push('', `Avisos (PostgreSQL, SMTP local): **${a.readers} e-mails en ${(a.fanOutMs / 1000).toFixed(1)} s** desde la publicación (${a.sent} enviados, ${a.received} recibidos, ${a.failed} fallidos).`, '', '| publicar (`POST /api/tips`, 10 conexiones) | req/s | p50 ms | p99 ms | no-2xx |', '|---|---|---|---|---|');
    lines.push(`| sin nada que avisar | ${a.idle.rps} | ${a.idle.p50} | ${a.idle.p99} | ${a.idle.non2xx} |`);
    lines.push(`| mientras salen los ${a.readers} avisos | ${a.busy.rps} | ${a.busy.p50} | ${a.busy.p99} | ${a.busy.non2xx} |`);
  }
  lines.push(...readerMarkdown(results));
  if (results.business) lines.push(...businessMarkdown(results.business));
  if (results.ledger) {
    const l = results.ledger;
    lines.push('', `Registro público (PGlite): ${l.entries} entradas, importadas en ${l.importMs} ms; \`npm run verify-record\` ${l.verifyColdMs} ms en frío y ${l.verifyWarmMs} ms en caliente (${l.verifyOk ? 'OK' : 'FALLA'}); página de 1000 entradas ${l.page.rps} req/s (mismos bytes ${l.page.sameBytesRps}), p99 ${l.page.p99} ms.`);
  }
  if (results.landing) {
    lines.push('', `JS inicial de la portada (${results.landing.method}): **${kb(results.landing.gzip)} gzip**`, '', '| archivo | sin comprimir | gzip |', '|---|---|---|');
    for (const f of results.landing.files) lines.push(`| ${f.file} | ${kb(f.raw)} | ${kb(f.gzip)} |`);
  }
  if (results.lighthouse) {
    lines.push('', 'Lighthouse (móvil, valores por defecto):', '', '| página | rendimiento | accesibilidad | buenas prácticas | SEO | FCP ms | LCP ms | TBT ms | CLS |', '|---|---|---|---|---|---|---|---|---|');
    for (const l of results.lighthouse) {
      const m = l.metrics ?? {};
      lines.push(`| ${l.path} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} | ${l.seo} | ${Math.round(m.fcp ?? 0)} | ${Math.round(m.lcp ?? 0)} | ${Math.round(m.tbt ?? 0)} | ${m.cls ?? ''} |`);
    }
  } else if (results.lighthouseSkipped) {
    lines.push('', `Lighthouse: no medido (${results.lighthouseSkipped}).`);
  }
  lines.push('', '## Objetivos', '', '| objetivo | medida | valor | |', '|---|---|---|---|');
  for (const v of verdicts(results)) lines.push(`| ${v.target} | ${v.subject} | ${v.value} | ${ok(v.pass)} |`);
  lines.push('');
  return lines.join('\n');
}
