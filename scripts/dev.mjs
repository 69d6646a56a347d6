// `npm run dev`: the API on 3001 reloading with tsx, and Vite on 3000 proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './build-steps.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server.ts'], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? 'http://localhost:3000', DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
  }),
  spawn('npx', ['vite'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://localhost:${apiPort}` },
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exit(code ?? 0); });
