// Cold start and memory of the built server (issue 17 item 5): from spawning the process to the
// first 200 on /api/health on an existing data dir, and its resident memory idle (after start)
// and after load. Also runnable alone:
//   DATA_DIR=… [DATABASE_URL=…] node scripts/bench/startup.mjs   (as the bench starts the server)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startProduct } from './processes.mjs';

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

/** Cold start (best and median of `runs` starts; the data dir or database already exists) and
 * RSS once idle (a second after start). The server is stopped each time. */
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
    await new Promise((r) => setTimeout(r, 1000));
    idleRssMb = Math.max(idleRssMb ?? 0, rssMb(server.pid) ?? 0) || null;
    await server.stop();
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { coldStartMs: median(times), coldStartBestMs: Math.min(...times), coldStartCpuMs: median(cpu), idleRssMb };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = { SEED_DEMO: 'true', LOG_LEVEL: 'info', ...process.env };
  console.log(JSON.stringify(await coldStart(env, Number(process.env.RUNS ?? 3))));
}
