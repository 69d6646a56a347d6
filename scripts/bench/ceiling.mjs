// The bench's ceilings, in one bare Fastify process like the product:
// - `GET /`: one small JSON object. Nothing the product does per request (database, auth,
//   headers, logging) can be faster than this on the same machine, so every product figure is
//   reported as a share of it.
// - `GET /replay/:id`: the exact status, headers and body the product gave for one read, stored
//   first with `PUT /replay/:id`. It costs what sending those bytes costs (the socket write on
//   the server, parsing them in the load generator, which shares the machine), so the product's
//   share of it is what the product's own work per request leaves.
// Prints `listening <port>` once ready.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The product's own Fastify (apps/api's dependency), so both sides run the same version.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const Fastify = require('fastify');

const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
app.get('/', async () => ({ hello: 'world' }));

/** id → { statusCode, headers, body } as the product answered. */
const replies = new Map();
app.put('/replay/:id', async (request) => {
  const { statusCode, headers, body } = request.body;
  replies.set(request.params.id, { statusCode, headers, body: Buffer.from(body, 'base64') });
  return { stored: request.params.id };
});
app.get('/replay/:id', (request, reply) => {
  const stored = replies.get(request.params.id);
  if (!stored) return reply.code(404).send();
  reply.code(stored.statusCode).headers(stored.headers).send(stored.body);
});

const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
