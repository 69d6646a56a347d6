import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { acceptedEncoding } from '../../lib/accepted-encoding';

const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

function compress(json: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(json, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 5,
        },
      })
    : gzipSync(json);
}

/**
 * Full pages of the ledger never change (entries are only appended), so each is kept, compressed
 * as its first reader accepted it, while the whole fits: the oldest out first. Compressed, 100 000
 * entries are ~15 MB (the text ~45 MB), so a verifier walking the whole ledger finds every page
 * kept on its second walk. A reader accepting neither Brotli nor gzip gets the page rendered
 * again from the database.
 */
export function createLedgerPageCache(maxBytes: number) {
  const pages = new Map<string, Partial<Record<Encoding, Buffer>>>();
  let bytes = 0;

  function keep(key: string, encoding: Encoding, body: Buffer): void {
    const page = pages.get(key) ?? {};
    if (page[encoding]) return;
    page[encoding] = body;
    pages.set(key, page);
    bytes += body.length;
    for (const [oldKey, old] of pages) {
      if (bytes <= maxBytes) break;
      pages.delete(oldKey);
      bytes -= (old.br?.length ?? 0) + (old.gzip?.length ?? 0);
    }
  }

  return {
    /** Sends the kept page in the encoding the reader accepts; false when there is none kept. */
    sendKept(reply: FastifyReply, key: string): boolean {
      const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
      const body = encoding ? pages.get(key)?.[encoding] : undefined;
      if (!encoding || !body) return false;
      void reply
        .header('cache-control', IMMUTABLE)
        .header('vary', 'accept-encoding')
        .header('content-encoding', encoding)
        .type('application/json; charset=utf-8')
        .send(body);
      return true;
    },

    /** Sends a full page just rendered, keeping it compressed for the next readers. */
    sendFull(reply: FastifyReply, key: string, json: string): void {
      reply.header('cache-control', IMMUTABLE).type('application/json; charset=utf-8');
      const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
      if (!encoding) {
        void reply.send(json);
        return;
      }
      const body = compress(json, encoding);
      keep(key, encoding, body);
      void reply.header('vary', 'accept-encoding').header('content-encoding', encoding).send(body);
    },
  };
}
