// Cold start and memory of the built server (issue 17 item 5): from spawning the process to the
// first 200 on /api/health on an existing data dir, and its resident memory idle (after start, a
// few reads and 30 s without requests) and after load. Also runnable alone:
//   DATA_DIR=… [DATABASE_URL=…] node scripts/bench/startup.mjs   (as the bench starts the server)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct } from './processes.mjs';
import { TARGETS } from './report.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resident set size of a process, in MB, from /proc (Linux); null elsewhere. */
export function rssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
  } catch {
    return null;
  }
}

const SERVER = process.env.BENCH_SERVER_JS ?? path.join(root, 'apps/api/dist/server.js');

/** What a visitor's first pages ask for, read before the idle measurement (issue 28 item 7:
 * "after start and demo seed, a few requests, then idle 30 s"). */
const FIRST_READS = ['/', '/api/health', '/api/subscriptions/plans', '/api/packs/disponibles', '/api/tips/preview', '/api/track-record'];
/** How long the server sits idle before its RSS is read (BENCH_IDLE_MS to shorten a trial). */
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 30_000);

/** Cold start (median and best of `runs` starts; the data dir or database already exists) and
 * RSS once idle: after the last start, a few reads (a browser's accept-encoding, so compressed
 * answers are made as for a visitor) and IDLE_MS without requests. The server is stopped each time. */
export async function coldStart(env, runs = 3) {
  const times = [];
  const cpu = [];
  let idleRssMb = null;
  for (let i = 0; i < runs; i++) {
    // Polled every 10 ms; its CPU time is less sensitive than the time to other work on a
    // shared machine.
    const server = await startProduct(env, { pollMs: 10, serverJs: SERVER });
    times.push(server.readyMs);
    cpu.push(cpuMs(server.pid));
    if (i === runs - 1) {
      for (const p of FIRST_READS) {
        for (let k = 0; k < 3; k++) {
          const res = await fetch(`${server.url}${p}`, { headers: { 'accept-encoding': 'br, gzip' } });
          await res.arrayBuffer();
        }
      }
      await new Promise((r) => setTimeout(r, IDLE_MS));
      idleRssMb = rssMb(server.pid);
    }
    await server.stop();
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { coldStartMs: median(times), coldStartBestMs: Math.min(...times), coldStartCpuMs: median(cpu), idleRssMb };
}

/** The step's two figures beside their targets, as the bench prints them. */
export function startupLine(startup, database) {
  const s = startup;
  return (
    `  arranque ${s.coldStartMs} ms (objetivo ≤ ${TARGETS.coldStartMs[database]} ms; mejor ${s.coldStartBestMs} ms, CPU ${s.coldStartCpuMs} ms), ` +
    `RSS en reposo ${s.idleRssMb} MB (objetivo ≤ ${TARGETS.idleRssMb[database]} MB; tras ${IDLE_MS / 1000} s sin peticiones)`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = { SEED_DEMO: 'true', LOG_LEVEL: 'info', ...process.env };
  const result = await coldStart(env, Number(process.env.RUNS ?? 3));
  console.log(startupLine(result, env.DATABASE_URL ? 'postgres' : 'pglite'));
  console.log(JSON.stringify(result));
}
