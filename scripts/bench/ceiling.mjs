// The bench's ceiling: a bare Fastify answering one small JSON object, in its own process like
// the product. Nothing the product does per request (database, auth, headers, logging) can be
// faster than this on the same machine, so every product figure is reported as a share of it.
// Prints `listening <port>` once ready.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The product's own Fastify (apps/api's dependency), so both sides run the same version.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const Fastify = require('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
