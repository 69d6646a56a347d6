// `npm start`: build what is missing or stale, then run the server (which migrates the
// database and, on the embedded default, loads the demo content).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root, SERVER_ENV, SERVER_NODE_FLAGS } from './build-steps.mjs';

buildIfStale();
// No --enable-source-maps: with the dependencies in the bundle it cost ~180 ms of every start
// and slows each Error.stack; the bundle's own lines are readable (decision 0059).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')], {
  stdio: 'inherit',
  env: { ...SERVER_ENV, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
