#!/usr/bin/env node
// `npm test`: the type checks, lint and every vitest project, started side by side rather than
// one after another (decision 0079). The four `tsc -p` of `npm run typecheck` and ESLint are each
// one single-threaded process, so run in turn they left a core idle for a minute and a half;
// side by side they share the two cores with vitest's workers while the API files (the
// longest part, 30 s per test allowed) run. Each command's output is kept and printed whole when
// it ends, so nothing interleaves; the exit code is 1 if any of them failed.
// Arguments go to vitest: `npm test -- apps/web` checks everything and runs only those tests.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** `a && b && c` as its commands, so each one runs beside the others. */
const steps = (script) => script.split('&&').map((command) => command.trim());

const quote = (arg) => (/^[\w./:=@-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);

const jobs = [
  ...steps(scripts.typecheck).map((command) => ({ name: 'typecheck', command })),
  ...steps(scripts.lint).map((command) => ({ name: 'lint', command })),
  {
    name: 'vitest',
    command: ['vitest', 'run', ...process.argv.slice(2)].map(quote).join(' '),
  },
];

// `npm test` puts node_modules/.bin on PATH; `node scripts/test.mjs` alone should work too.
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};
// The children write to a pipe; keep their colours when a person is watching.
if (process.stdout.isTTY && env.FORCE_COLOR === undefined) env.FORCE_COLOR = '1';

const started = performance.now();
const seconds = (from) => `${((performance.now() - from) / 1000).toFixed(1)} s`;

function run({ name, command }) {
  return new Promise((resolve) => {
    const from = performance.now();
    const child = spawn(command, { cwd: root, env, shell: true });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    process.stdout.write(`started ${name}: ${command}\n`);
    const finish = (code) => {
      const ok = code === 0;
      const text = Buffer.concat(output).toString().trimEnd();
      process.stdout.write(
        `\n=== ${name}: ${command} ${ok ? 'passed' : `FAILED (${code})`} in ${seconds(from)} ===\n` +
          (text ? `${text}\n` : ''),
      );
      resolve({ name, command, ok });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      finish(-1);
    });
    child.on('close', (code, signal) => finish(code ?? signal));
  });
}

const results = await Promise.all(jobs.map(run));
const failed = results.filter((r) => !r.ok);
process.stdout.write(
  `\n${failed.length ? `FAILED: ${failed.map((r) => `${r.name} (${r.command})`).join(', ')}` : 'All checks and tests passed'} in ${seconds(started)}\n`,
);
process.exitCode = failed.length ? 1 : 0;
