import { ZIdParams, ZSuccessMessage } from '@magotips/contracts/ids';
import { MSG } from '@magotips/contracts/messages';
import {
  ZAvailablePacksResponse,
  ZPackActiveRequest,
  ZPackListResponse,
  ZPackRequest,
  ZPackResponse,
} from '@magotips/contracts/packs';
import { type TipCategory, ZTipFeedQuery, ZTipFeedResponse } from '@magotips/contracts/tips';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { createTipHistoryRepository } from '../tips/tip-history.repository';
import { createEntitlement, readerClass, type Viewer } from '../tips/entitlement';
import { createTipsRepository } from '../tips/tips.repository';
import { createTipsService } from '../tips/tips.service';
import { createPacksRepository } from './packs.repository';
import { createPacksService } from './packs.service';

const bearer = [{ bearerAuth: [] }];

export async function packsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const packs = createPacksService({
    repo: createPacksRepository(deps.db, { events: deps.readerEvents, clock: deps.clock }),
    clock: deps.clock,
  });
  // The tabs' feeds are tips: the tips service (and its one entitlement rule) answers them.
  const tipsRepo = createTipsRepository(deps.db);
  const entitlement = createEntitlement({
    purchasedTipIds: tipsRepo.purchasedTipIds,
    packedTipIds: tipsRepo.packedTipIds,
  });
  const history = createTipHistoryRepository(deps.db);
  const tips = createTipsService({
    repo: tipsRepo,
    history,
    entitlement,
    clock: deps.clock,
    readCache: deps.readCache,
  });
  // Decision 0026: the editor tools need the editor role itself, as the client's /panel/editor does.
  const editorOnly = deps.guards.requireAnyRole(['editor'], MSG.editorRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** A tab's feed, shared by the viewers the entitlement treats alike. */
  async function feed(reply: FastifyReply, viewer: Viewer, category: TipCategory, limit: number) {
    const key = `tips:feed-json:${category}:${limit}:${readerClass(viewer)}`;
    const text = await deps.readCache.get(key, async () =>
      toJsonText(ZTipFeedResponse, await tips.feed(viewer, category, limit)),
    );
    return sendJsonText(reply, text);
  }

  r.get(
    '/api/packs/disponibles',
    {
      config: { publicCache: 'anonymous' },
      preValidation: deps.guards.optionalAuth,
      schema: {
        tags: ['packs'],
        summary: 'Packs activos a la venta (token opcional: estado de compra del usuario)',
        description:
          "packStatus: 'purchased' si el usuario lo compró; 'available' si algún partido está pendiente o en progreso; si no, 'unavailable'.",
        security: bearer,
        response: { 200: ZAvailablePacksResponse },
      },
    },
    async (request, reply) => {
      const viewer = request.auth;
      // The caller's purchases shape the answer: a visitor's is the same for everyone.
      const key = viewer ? `packs:available:${viewer.userId}` : 'packs:available:visitor';
      const text = await deps.readCache.get(key, async () =>
        toJsonText(ZAvailablePacksResponse, await packs.available(viewer)),
      );
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/api/packs/tips-gratis',
    {
      preValidation: deps.guards.authenticate,
      schema: {
        tags: ['packs'],
        summary: 'Tips gratuitos con su análisis (usuario con sesión)',
        security: bearer,
        querystring: ZTipFeedQuery,
        response: { 200: ZTipFeedResponse },
      },
    },
    async (request, reply) => feed(reply, request.auth, 'free', request.query.limit),
  );

  r.get(
    '/api/packs/tips-vips',
    {
      preValidation: deps.guards.authenticate,
      schema: {
        tags: ['packs'],
        summary:
          'Tips VIP: todos para suscriptores; los de sus packs y avances bloqueados para los demás',
        description:
          'Suscriptores, editores y admins: los tips VIP con su análisis. Cualquier otro usuario: primero los tips de los packs que compró, con su análisis (success=true), y después avances bloqueados de otros tips VIP, sin análisis; sin ningún pack comprado, success=false y el motivo en message (decisión 0031).',
        security: bearer,
        querystring: ZTipFeedQuery,
        response: { 200: ZTipFeedResponse },
      },
    },
    async (request, reply) => feed(reply, request.auth, 'premium', request.query.limit),
  );

  r.get(
    '/api/packs',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['packs'],
        summary: 'Todos los packs con sus tips (rol editor)',
        security: bearer,
        response: { 200: ZPackListResponse },
      },
    },
    async () => packs.listManagement(),
  );

  r.post(
    '/api/packs',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['packs'],
        summary: 'Crear un pack de tips VIP (rol editor)',
        security: bearer,
        body: ZPackRequest,
        response: { 201: ZPackResponse },
      },
    },
    async (request, reply) => {
      const auth = deps.guards.requireAuth(request);
      return reply.status(201).send(await packs.create(auth.userId, request.body));
    },
  );

  r.put(
    '/api/packs/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['packs'],
        summary: 'Editar un pack (rol editor)',
        security: bearer,
        params: ZIdParams,
        body: ZPackRequest,
        response: { 200: ZPackResponse },
      },
    },
    async (request) => packs.update(request.params.id, request.body),
  );

  r.patch(
    '/api/packs/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['packs'],
        summary: 'Activar o desactivar un pack (rol editor)',
        security: bearer,
        params: ZIdParams,
        body: ZPackActiveRequest,
        response: { 200: ZPackResponse },
      },
    },
    async (request) => packs.setActive(request.params.id, request.body.isActive),
  );

  r.delete(
    '/api/packs/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['packs'],
        summary: 'Eliminar un pack sin compras (rol editor)',
        description:
          '409 PACK_IN_USE si alguien lo compró o lo está pagando: desactívalo en su lugar.',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZSuccessMessage },
      },
    },
    async (request) => packs.remove(request.params.id),
  );
}
