import { ERROR_CODES, statusDefaultMessage } from '@magotips/contracts/http-errors';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { describeDbError } from '../lib/db-errors';

type FieldErrors = Record<string, string>;

function fieldErrors(validation: { instancePath: string; message?: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const v of validation) {
    const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (!(field in errors)) errors[field] = v.message ?? statusDefaultMessage(400);
  }
  return errors;
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return ERROR_CODES.badRequest;
    case 401:
      return ERROR_CODES.unauthorized;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 409:
      return ERROR_CODES.conflict;
    case 413:
      return ERROR_CODES.payloadTooLarge;
    case 415:
      return ERROR_CODES.unsupportedMediaType;
    case 429:
      return ERROR_CODES.rateLimited;
    default:
      return status >= 500 ? ERROR_CODES.internal : `HTTP_${status}`;
  }
}

/** The Spanish text for a status, where the contracts' defaults have none (413, 415). */
function messageForStatus(status: number): string {
  if (status === 413) return MSG.payloadTooLarge;
  return status === 415 ? MSG.unsupportedMediaType : statusDefaultMessage(status);
}

// The code of each 401/403 the error handler answered, for the access log line; most 401s and
// 403s come from guards and services as AppErrors, a few routes send their own body.
const deniedCodes = new WeakMap<FastifyRequest, string>();
// Requests whose refusal a route has already logged with more detail (a failed sign-in).
const alreadyLogged = new WeakSet<FastifyRequest>();

/** Skips the generic access line for this request: the caller logged the refusal itself. */
export function markAuthFailureLogged(request: FastifyRequest): void {
  alreadyLogged.add(request);
}

/**
 * Every 401 and 403 the API answers is logged with the request id (request.log carries it),
 * the route pattern (never the URL, whose query may hold a token) and the caller when known;
 * never a header, a token or a body. 401 is mostly an expired session, so info; 403 is a
 * signed-in caller reaching for what is not theirs, so warn.
 */
function logAccessDenied(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  const status = reply.statusCode;
  if ((status === 401 || status === 403) && !alreadyLogged.has(request)) {
    const fields = {
      event: 'access_denied',
      status,
      code: deniedCodes.get(request) ?? codeForStatus(status),
      method: request.method,
      route: request.routeOptions.url,
      userId: request.auth?.userId ?? null,
      hadToken: request.headers.authorization !== undefined,
    };
    if (status === 401) request.log.info(fields, 'access denied');
    else request.log.warn(fields, 'access denied');
  }
  done();
}

/**
 * Fastify's router rejects some URLs before any route or error handler runs (a broken `%`
 * escape, a path parameter over 100 characters). Those answers keep our error shape too,
 * in Spanish, without echoing the URL back.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ success: false, message: messageForStatus(status), code: codeForStatus(status) });
}

/** Maps every failure to `{ success:false, message, code }`: Spanish text, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  // Callback style, no promise: it runs on every response, including the fast public reads.
  app.addHook('onResponse', logAccessDenied);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'app error');
      if (error.status === 401 || error.status === 403) deniedCodes.set(request, error.code);
      return reply
        .status(error.status)
        .send({ success: false, message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error.validation);
      const first = error.validation[0]?.message ?? statusDefaultMessage(400);
      return reply
        .status(400)
        .send({ success: false, message: first, code: ERROR_CODES.validation, errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large) carry
      // English texts; the user reads the Spanish default for the status instead.
      return reply
        .status(status)
        .send({ success: false, message: messageForStatus(status), code: codeForStatus(status) });
    }
    const dbError = describeDbError(error);
    if (dbError) {
      // Never the error itself: Drizzle's message and stack hold the query's parameters.
      request.log.error({ ...dbError, route: request.routeOptions.url }, 'failed query');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return reply
      .status(500)
      .send({ success: false, message: statusDefaultMessage(500), code: ERROR_CODES.internal });
  });
}
