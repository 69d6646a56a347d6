import {
  PUSH_MSG,
  ZPushPublicKeyResponse,
  ZPushSubscriptionRequest,
  ZPushUnsubscribeRequest,
} from '@magotips/contracts/alerts';
import { ZMessageResponse } from '@magotips/contracts/auth';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { byUser } from '../../plugins/rate-limit';
import { createPushSubscriptionsRepository } from './push-subscriptions.repository';
import { isAllowedPushEndpoint } from './push-sender';

const bearer = [{ bearerAuth: [] }];
const errors = (...statuses: (400 | 401 | 404 | 429)[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse])) as Record<
    number,
    typeof ZErrorResponse
  >;
// A device list changes nothing another read shows: the instance's read cache stays.
const LEAVES_READS_ALONE = { leavesReadsAlone: true };

/** Web Push devices (issue 15 item 5): the site's public key, and each browser's subscription. */
export async function pushRoutes(parent: FastifyInstance, deps: ModuleDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const devices = createPushSubscriptionsRepository(deps.db);
  const { authenticate, requireAuth } = deps.guards;
  const { push } = deps.config;
  const deviceLimit = deps.rateLimiter.hooks([
    { name: 'push-devices:user', max: 30, windowMs: 60 * 60_000, subject: byUser },
  ]);

  app.get(
    '/api/alerts/push/public-key',
    {
      schema: {
        tags: ['alerts'],
        summary: 'Clave pública VAPID con la que el navegador se suscribe a las notificaciones',
        response: { 200: ZPushPublicKeyResponse, ...errors(404) },
      },
    },
    async () => {
      if (!push) throw AppError.notFound(PUSH_MSG.unavailable);
      return { success: true as const, publicKey: push.publicKey };
    },
  );

  app.post(
    '/api/alerts/push/subscriptions',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['alerts'],
        summary: 'Guarda la suscripción push de este navegador (PushSubscription.toJSON())',
        security: bearer,
        body: ZPushSubscriptionRequest,
        response: { 201: ZMessageResponse, ...errors(400, 401, 404, 429) },
      },
      onRequest: authenticate,
      ...deviceLimit,
    },
    async (request, reply) => {
      const { userId } = requireAuth(request);
      if (!push) throw AppError.notFound(PUSH_MSG.unavailable);
      const { endpoint, keys } = request.body;
      if (!isAllowedPushEndpoint(endpoint))
        throw AppError.badRequest(PUSH_MSG.serviceRefused);
      await devices.save(userId, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, deps.clock());
      return reply.status(201).send({ success: true as const, message: PUSH_MSG.subscribed });
    },
  );

  app.delete(
    '/api/alerts/push/subscriptions',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['alerts'],
        summary: 'Olvida la suscripción push de este navegador',
        security: bearer,
        body: ZPushUnsubscribeRequest,
        response: { 200: ZMessageResponse, ...errors(400, 401) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const { userId } = requireAuth(request);
      // Idempotent: a device already forgotten answers the same.
      await devices.remove(userId, request.body.endpoint);
      return { success: true as const, message: PUSH_MSG.unsubscribed };
    },
  );
}
