// `npm run telegram:webhook`: registers the bot's webhook with Telegram, through the compiled CLI (built if needed).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-steps.mjs';

buildIfStale();
const child = spawn(
  process.execPath,
  [path.join(root, 'apps/api/dist/telegram-webhook.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
child.on('exit', (code) => process.exit(code ?? 1));
