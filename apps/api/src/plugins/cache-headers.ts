import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read whose answer is the same for everyone may be kept by browsers and proxies as long
     * as the server's read cache keeps it: 'always', or 'anonymous' when only a caller without
     * a token gets the shared answer (with one it carries the caller's own state).
     */
    publicCache?: 'always' | 'anonymous';
  }
}

/**
 * Every /api answer is `Cache-Control: no-store` unless its route opts in: sessions, tips with
 * their analysis, purchases and admin lists must never sit in a shared or browser cache, and a
 * route added later is covered without knowing about this. A route that sets the header itself
 * (a redirect, a style sheet) keeps its own. Returns the step app.ts's one onSend hook runs for
 * every response, the fast public reads included.
 */
export function cacheControlHeaders(opts: {
  readCacheTtlMs: number;
}): (request: FastifyRequest, reply: FastifyReply) => void {
  const shared = `public, max-age=${Math.max(1, Math.floor(opts.readCacheTtlMs / 1000))}`;
  return (request, reply) => {
    if (!request.url.startsWith('/api/') || reply.hasHeader('cache-control')) return;
    const mode = request.routeOptions.config.publicCache;
    const isShared =
      reply.statusCode === 200 &&
      (mode === 'always' || (mode === 'anonymous' && request.headers.authorization === undefined));
    reply.header('cache-control', isShared ? shared : 'no-store');
    if (mode === 'anonymous') {
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
    }
  };
}
