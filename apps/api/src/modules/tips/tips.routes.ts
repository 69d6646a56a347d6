import { ZErrorResponse } from '@magotips/contracts/error-response';
import { ZIdParams, ZSuccessMessage } from '@magotips/contracts/ids';
import { MSG } from '@magotips/contracts/messages';
import type { TipListPosition } from '@magotips/contracts/tip-cursor';
import {
  ZTipDetailResponse,
  ZTipListQuery,
  ZTipListResponse,
  ZTipLockedResponse,
  ZTipPreviewResponse,
  ZTipPublishRequest,
  ZTipRequest,
  ZTipResponse,
  ZTipSignInResponse,
} from '@magotips/contracts/tips';
import { ZPendingResultsResponse } from '@magotips/contracts/track-record-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTipSettleRequest } from '@magotips/contracts/tip-settle';
import { toOddsCents } from '@magotips/contracts/track-record';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { createEntitlement, isStaff, readerClass } from './entitlement';
import { createTipsByMatchRepository } from './tips-by-match.repository';
import { createTipsByMatchService } from './tips-by-match.service';
import { createTipsRepository } from './tips.repository';
import { registerTipJobs } from './tip-job-handlers';
import { createTipChangesService } from './tip-changes.service';
import { createTipHistoryRepository } from './tip-history.repository';
import { createTipsService, type TipDetail } from './tips.service';
import { createTipOffers } from './tip-offers';
import { ZTipOffersResponse } from '@magotips/contracts/tip-offers';
import { ZVipTipsQuery, ZVipTipsResponse } from '@magotips/contracts/vip-tips';
import { createVipTips } from './vip-tips';

const ZPreviewQuery = z.object({
  limit: z.coerce.number().int().min(1).max(10).default(3),
});

const bearer = [{ bearerAuth: [] }];

/** The read-cache key of a page by match date: its position as the cursor holds it (a date
 * jump is a cursor too), so equal positions share one answer however they were written. */
function positionKey(query: { limit: number; category?: string; position: TipListPosition }) {
  const { position } = query;
  const at = position.kind === 'first' ? 'top' : `${position.cursor.micros}:${position.cursor.id}`;
  return `tips:mgmt-match-json:${position.kind}:${at}:${query.limit}:${query.category ?? 'all'}`;
}

export async function tipsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const repo = createTipsRepository(deps.db);
  const entitlement = createEntitlement({
    purchasedTipIds: repo.purchasedTipIds,
    packedTipIds: repo.packedTipIds,
  });
  const history = createTipHistoryRepository(deps.db);
  const tips = createTipsService({
    repo,
    history,
    entitlement,
    clock: deps.clock,
    readCache: deps.readCache,
  });
  const byMatch = createTipsByMatchService({
    byMatch: createTipsByMatchRepository(deps.db),
    total: tips.total,
    clock: deps.clock,
  });
  const changes = createTipChangesService({
    db: deps.db,
    repo,
    history,
    clock: deps.clock,
    jobs: deps.jobs,
    events: deps.tipEvents,
  });
  registerTipJobs({ jobs: deps.jobs, changes, readCache: deps.readCache });
  // Decision 0026: the editor tools need the editor role itself, as the client's /panel/editor does.
  const editorOnly = deps.guards.requireAnyRole(['editor'], MSG.editorRequired);
  // Settling is a fact about a match, not writing: editors and admins alike (issue 14 item 3).
  const editorOrAdmin = deps.guards.requireAnyRole(['editor', 'admin'], MSG.editorOrAdminRequired);
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
      const text = await deps.readCache.get(`tips:preview:${limit}`, async () =>
        toJsonText(ZTipPreviewResponse, await tips.preview(limit)),
      );
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
          'Sin `management`: tips publicados, el análisis solo para quien tiene derecho. Con `management=true` (rol editor): todos los tips con su análisis, por `page` los creados más recientemente primero. Por fecha del partido, la más tardía primero (solo `management=true`): `order=match` da la primera página, `after` y `before` las de después y antes con los cursores `pagination.next` y `pagination.previous` de la respuesta, y `from` (fecha y hora ISO) salta a los tips de ese momento o anteriores; un cursor o una fecha no válidos responden 400. `page` no se combina con ellos.',
        security: bearer,
        querystring: ZTipListQuery,
        response: { 200: ZTipListResponse },
      },
    },
    async (request, reply) => {
      const viewer = request.auth;
      const query = request.query;
      if (query.mode === 'match') {
        if (!viewer?.roles.has('editor')) return byMatch.list(viewer, query);
        // As the pages by number below: one encoded answer per position and cache life.
        const text = await deps.readCache.get(positionKey(query), async () =>
          toJsonText(ZTipListResponse, await byMatch.list(viewer, query)),
        );
        return sendJsonText(reply, text);
      }
      if (!query.management || !viewer?.roles.has('editor')) return tips.list(viewer, query);
      // Issue 17 item 3: every editor sees the same management page, so it is read and encoded
      // once per cache life. A write through this instance clears it (the editor who saves sees
      // the change at once); another instance's shows within one TTL, as for every cached read.
      const key = `tips:mgmt-json:${query.page}:${query.limit}:${query.category ?? 'all'}`;
      const text = await deps.readCache.get(key, async () =>
        toJsonText(ZTipListResponse, await tips.list(viewer, query)),
      );
      return sendJsonText(reply, text);
    },
  );

  const vipTips = createVipTips({ db: deps.db, entitlement, clock: deps.clock });
  r.get(
    '/api/tips/vip',
    {
      preValidation: deps.guards.authenticate,
      schema: {
        tags: ['tips'],
        summary: 'Todos los tips VIP publicados: los próximos primero, luego los pasados',
        description:
          'Para quien lee todos los tips VIP (plan con todos los tips VIP, editor o admin); 403 para los demás (decisión 0108). Los próximos del más cercano al más lejano, después los pasados del más reciente al más antiguo. `cursor`: el `nextCursor` de la respuesta anterior (null en la última página); un cursor o un `limit` no válidos responden 400.',
        security: bearer,
        querystring: ZVipTipsQuery,
        response: { 200: ZVipTipsResponse },
      },
    },
    async (request) => vipTips.list(request.auth, request.query),
  );

  const offers = createTipOffers(deps.db);
  r.get(
    '/api/tips/:id/offers',
    {
      preValidation: deps.guards.optionalAuth,
      schema: {
        tags: ['tips'],
        summary: 'Formas de leer un tip VIP: los packs que lo contienen y los planes que lo abren',
        description:
          'Público. Packs a la venta que contienen el tip y planes activos que lo abren (todos los tips VIP, o los packs cuando un pack a la venta lo contiene), cada lista de más barato a más caro. Un tip gratuito, o quien tiene la cuenta en pausa: listas vacías. 404 si no existe o no está publicado.',
        params: ZIdParams,
        response: { 200: ZTipOffersResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      // The same for every reader of a published tip: one read per cache life.
      const row = await repo.findById(id);
      // A paused account is offered nothing to buy (decision 0116); a missing tip is still 404.
      if (request.auth?.paused && row?.isPublished)
        return { success: true as const, packs: [], plans: [] };
      if (!row?.isPublished || isStaff(request.auth)) return offers.of(request.auth, row);
      return deps.readCache.get(`tips:offers:${id}`, () => offers.of(null, row));
    },
  );

  r.get(
    '/api/tips/:id',
    {
      preValidation: deps.guards.optionalAuth,
      schema: {
        tags: ['tips'],
        summary: 'Un tip con su análisis (si el usuario tiene derecho)',
        description:
          '401 SIGN_IN_REQUIRED para un visitante en un tip gratuito, con la tarjeta y el historial público (sin el análisis); 403 PREMIUM_REQUIRED con la tarjeta y los packs que lo contienen si es VIP y no tiene derecho; 404 si no existe o no está publicado.',
        security: bearer,
        params: ZIdParams,
        response: {
          200: ZTipDetailResponse,
          401: z.union([ZTipSignInResponse, ZErrorResponse]),
          403: z.union([ZTipLockedResponse, ZErrorResponse]),
        },
      },
    },
    async (request, reply) => {
      const viewer = request.auth;
      const { id } = request.params;
      // Issue 17 item 2: viewers the entitlement treats alike share one encoded answer, like the
      // feeds; staff apart, as they alone see unpublished tips. A 404 is thrown, so never kept.
      // Any write through this instance clears it; others see it within one TTL.
      const who = isStaff(viewer) ? 'staff' : readerClass(viewer);
      const encode = (detail: TipDetail) => {
        if (detail.kind === 'sign-in')
          return { status: 401 as const, text: toJsonText(ZTipSignInResponse, detail.body) };
        return detail.kind === 'locked'
          ? { status: 403 as const, text: toJsonText(ZTipLockedResponse, detail.body) }
          : { status: 200 as const, text: toJsonText(ZTipDetailResponse, detail.body) };
      };
      const answer = await deps.readCache
        .get(`tips:one-json:${id}:${who}`, async () =>
          encode(await tips.detail(viewer, id, { buyersKeep: false })),
        )
        .catch(async (error: unknown) => {
          // An unpublished tip its buyers keep (decision 0084) is theirs alone: asked apart and
          // never kept, as subscribers share one cached answer.
          if (!viewer || isStaff(viewer) || !(error instanceof AppError) || error.status !== 404)
            throw error;
          return encode(await tips.detail(viewer, id));
        });
      return sendJsonText(reply.status(answer.status), answer.text);
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
      return reply.status(201).send(await changes.create(auth.userId, request.body));
    },
  );

  r.put(
    '/api/tips/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['tips'],
        summary: 'Editar un tip (rol editor)',
        description:
          'Sin pick/odds/stake en el cuerpo, la apuesta no cambia; los tres a null la quitan. Tras el inicio del partido: 409 TIP_LOCKED si cambia el pronóstico, la cuota, el stake, la categoría o la fecha. Cada cambio tras la publicación queda como revisión.',
        security: bearer,
        params: ZIdParams,
        body: ZTipRequest,
        response: { 200: ZTipResponse },
      },
    },
    async (request) =>
      changes.update(deps.guards.requireAuth(request).userId, request.params.id, request.body),
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
    async (request) =>
      changes.setPublished(
        deps.guards.requireAuth(request).userId,
        request.params.id,
        request.body.isPublished,
      ),
  );

  r.delete(
    '/api/tips/:id',
    {
      preValidation: editorOnly,
      schema: {
        tags: ['tips'],
        summary:
          'Eliminar un tip (rol editor); 409 TIP_IN_SOLD_PACK si está en un pack vendido, 409 TIP_IN_TRACK_RECORD si forma parte del historial',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZSuccessMessage },
      },
    },
    async (request) => changes.remove(request.params.id),
  );

  r.patch(
    '/api/tips/:id/result',
    {
      preValidation: editorOrAdmin,
      schema: {
        tags: ['tips'],
        summary: 'Registrar el resultado de un tip (rol editor o admin)',
        description:
          'Solo con el partido empezado (409 MATCH_NOT_STARTED) y si el tip tiene apuesta (409 TIP_NOT_TRACKED). `closingOdds` (cuota de cierre) es opcional. Cambiar un resultado ya registrado es una corrección y exige `reason` (10 a 300 caracteres), que se publica con la revisión y en el registro público.',
        security: bearer,
        params: ZIdParams,
        body: ZTipSettleRequest,
        response: { 200: ZTipResponse },
      },
    },
    async (request) => {
      const { result, closingOdds, reason } = request.body;
      return changes.settle(deps.guards.requireAuth(request).userId, request.params.id, {
        result,
        closingOddsCents:
          closingOdds === undefined
            ? undefined
            : closingOdds === null
              ? null
              : toOddsCents(closingOdds),
        reason,
      });
    },
  );

  r.get(
    '/api/tips/pending-results',
    {
      preValidation: editorOrAdmin,
      schema: {
        tags: ['tips'],
        summary:
          'Tips publicados con apuesta cuyo partido empezó y no tienen resultado (rol editor o admin)',
        security: bearer,
        response: { 200: ZPendingResultsResponse },
      },
    },
    async () => changes.pendingResults(),
  );
}
