import type { FastifyReply } from 'fastify';
import { encode, type ZodType, type z } from 'zod';

/** A response body already encoded against its contract and turned into JSON, so a cached
 * answer is neither re-validated nor re-serialized on every request. */
export type JsonText = { readonly json: string };

/** What the route's response serializer would send: the contract's encoding, as JSON. */
export function toJsonText<S extends ZodType>(schema: S, value: z.output<S>): JsonText {
  return { json: JSON.stringify(encode(schema, value)) };
}

/** Fastify sends a string payload as it is: the route schema's serializer is skipped. */
export function sendJsonText(reply: FastifyReply, text: JsonText): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text.json);
}
