import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The SPA is built without inline scripts or style elements, so the policy can stay strict. */
export async function registerSecurity(app: FastifyInstance, opts: { isProduction: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(opts.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Tokens travel in the URL on the social-login return: never send the path elsewhere.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: opts.isProduction
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
}
