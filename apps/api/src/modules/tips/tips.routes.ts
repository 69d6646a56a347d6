import { ZErrorResponse } from '@magotips/contracts/error-response';
import { ZIdParams, ZSuccessMessage } from '@magotips/contracts/ids';
import { MSG } from '@magotips/contracts/messages';
import {
  ZTipDetailResponse,
  ZTipListQuery,
  ZTipListResponse,
  ZTipLockedResponse,
  ZTipPreviewResponse,
  ZTipPublishRequest,
  ZTipRequest,
  ZTipResponse,
} from '@magotips/contracts/tips';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { createEntitlement } from './entitlement';
import { createTipsRepository } from './tips.repository';
import { createTipsService } from './tips.service';

const ZPreviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(3),
});

const bearer = [{ bearerAuth: [] }];

export async function tipsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const repo = createTipsRepository(deps.db);
  const entitlement = createEntitlement({ purchasedTipIds: repo.purchasedTipIds });
  const tips = createTipsService({ repo, entitlement, clock: deps.clock, readCache: deps.readCache });
  // Decision 0026: the editor tools need the editor role itself, as the client's /panel/editor does.
  const editorOnly = deps.guards.requireAnyRole(['editor'], MSG.editorRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/tips/preview',
    {
      config: { publicCache: 'always' },
      schema: {
        tags: ['tips'],
        summary: 'Tips gratuitos para visitantes (sin análisis)',
        querystring: ZPreviewQuery,
        response: { 200: ZTipPreviewResponse },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const text = await deps.readCache.get(`tips:preview:${limit}`, async () => toJsonText(ZTipPreviewResponse, await tips.preview(limit)));
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/api/tips',
    {
      preValidation: deps.guards.optionalAuth,
      schema: {
        tags: ['tips'],
        summary: 'Lista paginada de tips',
        description:
          'Sin `management`: tips publicados, el análisis solo para quien tiene derecho. Con `management=true` (rol editor): todos los tips con su análisis, los más recientes primero.',
        security: bearer,
        querystring: ZTipListQuery,
        response: { 200: ZTipListResponse },
      },
    },
    async (request) => tips.list(request.auth, request.query),
  );

  r.get(
    '/api/tips/:id',
    {
      preValidation: deps.guards.optionalAuth,
      schema: {
        tags: ['tips'],
        summary: 'Un tip con su análisis (si el usuario tiene derecho)',
        description:
          '401 para un visitante; 403 PREMIUM_REQUIRED con la tarjeta y los packs que lo contienen si es VIP y no tiene derecho; 404 si no existe o no está publicado.',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZTipDetailResponse, 403: z.union([ZTipLockedResponse, ZErrorResponse]) },
      },
    },
    async (request, reply) => {
      const detail = await tips.detail(request.auth, request.params.id);
      if (detail.kind === 'locked') return reply.status(403).send(detail.body);
      return detail.body;
    },
  );

  r.post(
    '/api/tips',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['tips'],
        summary: 'Crear un tip (rol editor)',
        security: bearer,
        body: ZTipRequest,
        response: { 201: ZTipResponse },
      },
    },
    async (request, reply) => {
      const auth = deps.guards.requireAuth(request);
      return reply.status(201).send(await tips.create(auth.userId, request.body));
    },
  );

  r.put(
    '/api/tips/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['tips'],
        summary: 'Editar un tip (rol editor)',
        security: bearer,
        params: ZIdParams,
        body: ZTipRequest,
        response: { 200: ZTipResponse },
      },
    },
    async (request) => tips.update(request.params.id, request.body),
  );

  r.patch(
    '/api/tips/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['tips'],
        summary: 'Publicar u ocultar un tip (rol editor)',
        security: bearer,
        params: ZIdParams,
        body: ZTipPublishRequest,
        response: { 200: ZTipResponse },
      },
    },
    async (request) => tips.setPublished(request.params.id, request.body.isPublished),
  );

  r.delete(
    '/api/tips/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['tips'],
        summary: 'Eliminar un tip (rol editor); 409 TIP_IN_SOLD_PACK si está en un pack vendido',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZSuccessMessage },
      },
    },
    async (request) => tips.remove(request.params.id),
  );
}
