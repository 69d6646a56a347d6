// `npm run create-admin -- --email … --password …`: runs the compiled CLI (built if needed).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './build-steps.mjs';

buildIfStale();
const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/create-admin.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));
