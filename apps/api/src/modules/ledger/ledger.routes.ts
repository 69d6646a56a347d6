import {
  ZLedgerHead,
  ZLedgerKey,
  ZLedgerPage,
  ZLedgerQuery,
} from '@magotips/contracts/ledger-schemas';
import { LEDGER_GENESIS } from '@magotips/contracts/ledger';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { loadLedgerKey } from './ledger-key';
import { createLedgerPageCache } from './ledger-page-cache';
import { subscribeLedger } from './ledger-recorder';
import { createLedgerRepository, entryJson } from './ledger.repository';

// Compressed: about 150 000 entries (decision 0073).
const PAGE_CACHE_BYTES = 24 * 1024 * 1024;

/** The public ledger of the track record (the proof issue, item 2): its entries, its head and
 * its key, readable by anyone without an account; and its recorder, subscribed to the tips'
 * events. */
export async function ledgerRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const key = loadLedgerKey(deps.config.ledgerPrivateKey);
  const repo = createLedgerRepository(deps.db, key);
  subscribeLedger(deps.tipEvents, repo);
  const fullPages = createLedgerPageCache(PAGE_CACHE_BYTES);
  const keyText = toJsonText(ZLedgerKey, {
    success: true,
    algorithm: 'Ed25519',
    publicKey: key.publicKeyHex,
    pem: key.publicKeyPem,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/track-record/ledger',
    {
      config: { publicCache: 'always' },
      schema: {
        tags: ['track-record'],
        summary: 'Registro público del historial: entradas encadenadas y firmadas',
        description:
          'Las entradas con `seq` mayor que `after`, en orden (hasta 1000). Cada una: hora del servidor, tip, tipo, valores, `prevHash`, `hash` (SHA-256 de `prevHash` y el JSON canónico de la entrada) y `sig` (Ed25519 del hash con la clave de /ledger/key). Las apuestas VIP van comprometidas hasta el inicio y se revelan después. Una página completa no cambia nunca: se sirve como inmutable. `tip` limita a las entradas de un tip.',
        querystring: ZLedgerQuery,
        response: { 200: ZLedgerPage },
      },
    },
    async (request, reply) => {
      const { after, limit, tip } = request.query;
      const key = `${after}:${limit}`;
      if (!tip && fullPages.sendKept(reply, key)) return reply;
      const rows = await repo.page(after, limit, tip);
      const json = `{"success":true,"entries":[${rows.map(entryJson).join(',')}]}`;
      if (!tip && rows.length === limit) {
        fullPages.sendFull(reply, key, json);
        return reply;
      }
      return sendJsonText(reply, { json });
    },
  );

  r.get(
    '/api/track-record/ledger/head',
    {
      config: { publicCache: 'always' },
      schema: {
        tags: ['track-record'],
        summary: 'Cabeza del registro: la última entrada (número, hash y firma)',
        description:
          'Lo que imprimen las publicaciones de Telegram, los e-mails de avisos y /historial (`#seq · primeros 16 dígitos del hash`), para que copias que no controlamos la atestigüen. Con el registro vacío, `seq` 0.',
        response: { 200: ZLedgerHead },
      },
    },
    async (_request, reply) => {
      const text = await deps.readCache.get('ledger:head', async () => {
        const head = await repo.headEntry();
        return toJsonText(ZLedgerHead, {
          success: true,
          seq: head?.seq ?? 0,
          hash: head?.hash ?? LEDGER_GENESIS,
          sig: head?.sig ?? '',
          at: head?.at.toISOString() ?? null,
        });
      });
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/api/track-record/ledger/key',
    {
      schema: {
        tags: ['track-record'],
        summary: 'Clave pública Ed25519 que firma el registro',
        response: { 200: ZLedgerKey },
      },
    },
    async (_request, reply) =>
      sendJsonText(reply.header('cache-control', 'public, max-age=3600'), keyText),
  );
}
