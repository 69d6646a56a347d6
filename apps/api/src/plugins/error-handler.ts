import { ERROR_CODES, statusDefaultMessage } from '@magotips/contracts/http-errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

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
    case 429:
      return ERROR_CODES.rateLimited;
    default:
      return status >= 500 ? ERROR_CODES.internal : `HTTP_${status}`;
  }
}

/**
 * Fastify's router rejects some URLs before any route or error handler runs (a broken `%`
 * escape, a path parameter over 100 characters). Those answers keep our error shape too,
 * in Spanish, without echoing the URL back.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send({ success: false, message: statusDefaultMessage(status), code: codeForStatus(status) });
}

/** Maps every failure to `{ success:false, message, code }`: Spanish text, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'app error');
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
        .send({ success: false, message: statusDefaultMessage(status), code: codeForStatus(status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ success: false, message: statusDefaultMessage(500), code: ERROR_CODES.internal });
  });
}
