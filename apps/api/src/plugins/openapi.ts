import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same Zod schemas the routes validate with. `guard`, when given,
 * stands before every /api/docs route, the page, its files and the document alike. */
export async function registerOpenApi(
  app: FastifyInstance,
  opts: { appUrl: string; guard?: preHandlerAsyncHookHandler },
) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MagoTips API',
        description: 'API de MagoTips: análisis deportivos para mayores de 21 años.',
        version: '1.0.0',
      },
      servers: [{ url: opts.appUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    ...(opts.guard ? { uiHooks: { preHandler: opts.guard } } : {}),
  });
}
