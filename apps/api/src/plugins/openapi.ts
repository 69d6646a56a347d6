import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same Zod schemas the routes validate with. */
export async function registerOpenApi(app: FastifyInstance, opts: { appUrl: string }) {
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
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
