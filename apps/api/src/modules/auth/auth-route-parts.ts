import { ZErrorResponse } from '@magotips/contracts/error-response';
import type { FastifyRequest } from 'fastify';
import type { SessionMeta } from './sessions.service';

/** The auth routes' error answers, one schema for each status listed. */
export const errors = (...statuses: (400 | 401 | 403 | 404 | 409 | 429 | 502)[]) =>
  Object.fromEntries(statuses.map((s) => [s, ZErrorResponse])) as Record<
    number,
    typeof ZErrorResponse
  >;

/** What the sessions list shows to tell devices apart. */
export const sessionMeta = (request: FastifyRequest): SessionMeta => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
});
