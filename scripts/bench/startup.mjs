// Cold start and memory of the built server (issue 17 item 5): from spawning the process to the
// first 200 on /api/health on an existing data dir, and its resident memory idle (after start)
// and after load. Also runnable alone:
//   DATA_DIR=… [DATABASE_URL=…] node scripts/bench/startup.mjs   (as the bench starts the server)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './processes.mjs';

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

/** Starts the built server on `env` and times process start → first 200 on /api/health,
 * polling every 10 ms. Returns the child, its URL, the time and the CPU time it took (less
 * sensitive than the time to other work on a shared machine). */
export async function startTimed(env, args = []) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...args, SERVER], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const coldStartMs = Math.round(performance.now() - started);
  const coldStartCpuMs = cpuMs(child.pid);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { child, url, coldStartMs, coldStartCpuMs, stop };
}

/** Cold start (best and median of `runs` starts; the data dir or database already exists) and
 * RSS once idle (a second after start). The server is stopped each time. */
export async function coldStart(env, runs = 3) {
  const times = [];
  const cpu = [];
  let idleRssMb = null;
  for (let i = 0; i < runs; i++) {
    const server = await startTimed(env);
    times.push(server.coldStartMs);
    cpu.push(server.coldStartCpuMs);
    await new Promise((r) => setTimeout(r, 1000));
    idleRssMb = Math.max(idleRssMb ?? 0, rssMb(server.child.pid) ?? 0) || null;
    await server.stop();
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { coldStartMs: median(times), coldStartBestMs: Math.min(...times), coldStartCpuMs: median(cpu), idleRssMb };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = { SEED_DEMO: 'true', LOG_LEVEL: 'info', ...process.env };
  console.log(JSON.stringify(await coldStart(env, Number(process.env.RUNS ?? 3))));
}
