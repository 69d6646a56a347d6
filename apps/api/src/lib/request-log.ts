import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

// A request this slow is worth a line whatever it was.
const SLOW_MS = 1_000;

/**
 * One line per request, when it completes (Fastify writes two: incoming and completed), with
 * the redacted request, the status and the time. Successful quick reads go at debug: on a busy
 * public read the access line alone was a tenth of the CPU, and the load balancer keeps access
 * logs. Writes, every refusal or error, and slow requests stay at info (errors at error).
 * LOG_LEVEL=debug shows every request again.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
      return;
    }
    const quietRead =
      (request.method === 'GET' || request.method === 'HEAD') &&
      reply.statusCode < 400 &&
      reply.elapsedTime < SLOW_MS;
    if (quietRead) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
