import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES, statusDefaultMessage } from '@magotips/contracts/http-errors';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built SPA: hashed assets cached for a year, index.html for every other GET so
 * deep links work, and a JSON 404 for unknown API paths. */
export async function registerWebClient(app: FastifyInstance, opts: { webDistDir: string }) {
  const indexFile = path.join(opts.webDistDir, 'index.html');
  const hasClient = existsSync(indexFile);

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const rel = path.relative(opts.webDistDir, filePath);
        if (rel.startsWith(`assets${path.sep}`)) res.header('cache-control', IMMUTABLE);
        else if (rel === 'index.html') res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web client not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !hasClient) {
      return reply.status(404).send({
        success: false,
        message: statusDefaultMessage(404),
        code: ERROR_CODES.notFound,
      });
    }
    return reply.status(200).header('cache-control', 'no-cache').sendFile('index.html');
  });
}
