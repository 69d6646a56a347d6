import type { FastifyRequest } from 'fastify';

// Query parameters that carry a credential or personal data: the social-login return puts the
// session token and the user in the URL, e-mailed links carry single-use tokens, and a gift
// e-mail's link carries the gift code (/panel/cuenta?regalo=…).
const SECRET_PARAMS = /([?&](?:token|user|code|state|session_id|regalo)=)[^&#]*/gi;

/** The URL as it may be written to a log: secrets in the query string replaced. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redactado]');
}

/** pino's request serializer: what each request's "request completed" line records. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
