import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  ZCreateGiftCodesRequest,
  ZCreateGiftCodesResponse,
  ZGiftCodesQuery,
  ZGiftCodesResponse,
  ZRedeemGiftCodeRequest,
  ZRedeemGiftCodeResponse,
  ZRevokeGiftCodeResponse,
} from '@magotips/contracts/gift-codes';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyInstance, onErrorAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { byUser, type RateLimitRule } from '../../plugins/rate-limit';
import { createPlansRepository } from '../plans/plans.repository';
import { createGiftCodesService } from './gift-codes.service';
import { createGiftRedemptionService } from './gift-redemption.service';

const MINUTE = 60_000;

/**
 * Guessing a code is hopeless (80 bits), so this limit only keeps a script from hammering the
 * database: per account, in the shared store (Redis with REDIS_URL). Only refusals count; a
 * person redeeming a stack of codes is never stopped (decision 0046). Redeeming needs a session,
 * so there is no per-address rule: one address is many people behind a proxy or a shared
 * network (and the whole site behind a proxy without TRUST_PROXY), and one person's wrong codes
 * must not lock out another with a valid one (decision 0084). Making accounts to guess with is
 * what register's own per-address limit stops.
 */
export const GIFT_REDEEM_LIMITS = {
  perUser: {
    name: 'gift-redeem:user',
    max: 10,
    windowMs: 15 * MINUTE,
    subject: byUser,
    failuresOnly: true,
  },
} satisfies Record<string, RateLimitRule>;

const REFUSALS = new Set<string>([
  ERROR_CODES.giftCodeInvalid,
  ERROR_CODES.giftCodeUsed,
  ERROR_CODES.giftCodeExpired,
  ERROR_CODES.packAlreadyPurchased,
  ERROR_CODES.rateLimited,
  ERROR_CODES.validation,
]);

/** A refused redemption, logged with who and why: never the code (it may be someone's valid
 * one, mistyped by a letter). */
const logRefusal: onErrorAsyncHookHandler = async (request, _reply, error) => {
  const code =
    error instanceof AppError
      ? error.code
      : 'validation' in error && error.validation
        ? ERROR_CODES.validation
        : null;
  if (!code || !REFUSALS.has(code)) return;
  request.log.warn(
    { event: 'gift_code_redeem_failed', reason: code, userId: request.auth?.userId ?? null },
    'canje de código de regalo rechazado',
  );
};

// The service checks the id, so a malformed one is the same 404 as an unknown one.
const ZIdParams = z.object({ id: z.string().max(100) });
const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 410 | 429)[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse])) as Record<
    number,
    typeof ZErrorResponse
  >;

export async function giftCodesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const admin = createGiftCodesService({
    db: deps.db,
    plans: createPlansRepository(deps.db),
    clock: deps.clock,
  });
  const redemption = createGiftRedemptionService({
    db: deps.db,
    users: deps.users,
    clock: deps.clock,
    log: app.log,
    jobs: deps.jobs,
    events: deps.readerEvents,
  });
  // Checked before validation: someone who is not an admin learns nothing about the inputs.
  const adminOnly = deps.guards.requireAnyRole(['admin'], MSG.adminRequired);
  const redeemLimit = deps.rateLimiter.hooks([GIFT_REDEEM_LIMITS.perUser]);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminDoc = { tags: ['gift-codes'], security: [{ bearerAuth: [] }] };

  r.post(
    '/api/admin/gift-codes',
    {
      preValidation: adminOnly,
      schema: {
        ...adminDoc,
        summary:
          'Crear un lote de códigos de regalo (meses de un plan o un pack); los códigos se muestran solo en esta respuesta',
        body: ZCreateGiftCodesRequest,
        response: { 201: ZCreateGiftCodesResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const adminId = deps.guards.requireAuth(request).userId;
      return reply.status(201).send(await admin.create(request.body, adminId));
    },
  );

  r.get(
    '/api/admin/gift-codes',
    {
      preValidation: adminOnly,
      schema: {
        ...adminDoc,
        summary: 'Códigos de regalo con su lote y su estado, del más reciente al más antiguo',
        querystring: ZGiftCodesQuery,
        response: { 200: ZGiftCodesResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => admin.list(request.query),
  );

  r.delete(
    '/api/admin/gift-codes/:id',
    {
      preValidation: adminOnly,
      schema: {
        ...adminDoc,
        summary: 'Revocar un código de regalo sin usar',
        params: ZIdParams,
        response: { 200: ZRevokeGiftCodeResponse, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => admin.revoke(request.params.id, deps.guards.requireAuth(request).userId),
  );

  r.post(
    '/api/gift-codes/redeem',
    {
      preValidation: deps.guards.authenticate,
      schema: {
        tags: ['gift-codes'],
        security: [{ bearerAuth: [] }],
        summary:
          'Canjear un código de regalo: empieza o amplía la suscripción, o añade el pack a la cuenta',
        body: ZRedeemGiftCodeRequest,
        response: { 200: ZRedeemGiftCodeResponse, ...errors(400, 401, 404, 409, 410, 429) },
      },
      ...redeemLimit,
      onError: logRefusal,
    },
    async (request) =>
      redemption.redeem(deps.guards.requireAuth(request).userId, request.body.code),
  );
}
