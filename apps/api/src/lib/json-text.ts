import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { encode, type ZodType, type z } from 'zod';
import { acceptedEncoding } from './accepted-encoding';

/** A response body already encoded against its contract and turned into JSON, so a cached
 * answer is neither re-validated nor re-serialized on every request. */
export type JsonText = { readonly json: string };

/** What the route's response serializer would send: the contract's encoding, as JSON. */
export function toJsonText<S extends ZodType>(schema: S, value: z.output<S>): JsonText {
  return { json: JSON.stringify(encode(schema, value)) };
}

// @fastify/compress's threshold (app.ts): smaller answers go as they are.
const COMPRESS_FROM_BYTES = 1024;
// A cached text is compressed once per encoding while it lives (the read cache's TTL), not on
// every request: @fastify/compress spent ~95 µs of CPU per /api/packs/disponibles answer
// compressing the same bytes again (135 → 40 µs per request with `accept-encoding: br`).
const compressed = new WeakMap<JsonText, { br?: Buffer; gzip?: Buffer }>();

function compressedBody(text: JsonText, encoding: 'br' | 'gzip'): Buffer {
  let bodies = compressed.get(text);
  if (!bodies) compressed.set(text, (bodies = {}));
  return (bodies[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(text.json, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: 5,
          },
        })
      : gzipSync(text.json));
}

/** Fastify sends a string payload as it is: the route schema's serializer is skipped. Larger
 * texts go compressed as the client accepts, from bytes kept beside the text. */
export function sendJsonText(reply: FastifyReply, text: JsonText): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (text.json.length < COMPRESS_FROM_BYTES) return reply.send(text.json);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(text.json);
  // @fastify/compress leaves an answer that already has a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(compressedBody(text, encoding));
}
