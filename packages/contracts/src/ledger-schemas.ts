import { z } from 'zod';
import { LEDGER_PAGE_MAX } from './ledger';
import { SETTLED_RESULTS } from './track-record';

const ZHex64 = z.string().regex(/^[0-9a-f]{64}$/);
const ZOddsText = z.string().regex(/^\d+\.\d{2}$/);

export const ZLedgerBet = z.object({
  pick: z.string(),
  odds: ZOddsText,
  stake: z.number().int(),
  bookmaker: z.string().nullable(),
});

const ZTipState = z.object({
  title: z.string(),
  sport: z.string(),
  matchDate: z.iso.datetime(),
  category: z.enum(['free', 'premium']),
  bet: z.union([ZLedgerBet, z.object({ commitment: ZHex64 }), z.null()]),
});

const common = {
  seq: z.number().int().min(1),
  at: z.iso.datetime(),
  tipId: z.uuid(),
  imported: z.boolean(),
  prevHash: ZHex64,
  hash: ZHex64,
  sig: z.string().regex(/^[0-9a-f]{128}$/),
};

/** One entry as GET /api/track-record/ledger sends it; `values` by kind (contracts/ledger.ts). */
export const ZLedgerEntry = z.discriminatedUnion('kind', [
  z.object({ ...common, kind: z.literal('publish'), values: ZTipState }),
  z.object({
    ...common,
    kind: z.literal('change'),
    values: ZTipState.extend({ fields: z.array(z.string()) }),
  }),
  z.object({
    ...common,
    kind: z.literal('withdraw'),
    values: z.object({ reason: z.enum(['hidden', 'deleted']) }),
  }),
  z.object({
    ...common,
    kind: z.literal('kickoff'),
    values: z.object({ matchDate: z.iso.datetime() }),
  }),
  z.object({
    ...common,
    kind: z.literal('reveal'),
    values: z.object({
      bet: ZLedgerBet,
      salt: z.string().regex(/^[0-9a-f]{32}$/),
      commitSeq: z.number().int(),
    }),
  }),
  z.object({
    ...common,
    kind: z.literal('result'),
    values: z.object({ result: z.enum(SETTLED_RESULTS), closingOdds: ZOddsText.nullable() }),
  }),
  z.object({
    ...common,
    kind: z.literal('correction'),
    values: z.object({
      result: z.enum(SETTLED_RESULTS),
      previous: z.enum(SETTLED_RESULTS),
      reason: z.string(),
      closingOdds: ZOddsText.nullable(),
    }),
  }),
]);

export const ZLedgerQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(LEDGER_PAGE_MAX),
  /** Only this tip's entries (a row of /historial links to them). */
  tip: z.uuid().optional(),
});
export type TLedgerQuery = z.input<typeof ZLedgerQuery>;

export const ZLedgerPage = z.object({
  success: z.literal(true),
  entries: z.array(ZLedgerEntry),
});
export type TLedgerPage = z.infer<typeof ZLedgerPage>;

/** The last entry: what copies we don't control witness. `seq` 0 and the genesis hash while the
 * ledger is empty. */
export const ZLedgerHead = z.object({
  success: z.literal(true),
  seq: z.number().int().min(0),
  hash: ZHex64,
  sig: z.string(),
  at: z.iso.datetime().nullable(),
});
export type TLedgerHead = z.infer<typeof ZLedgerHead>;

export const ZLedgerKey = z.object({
  success: z.literal(true),
  algorithm: z.literal('Ed25519'),
  /** The 32-byte public key, hex. */
  publicKey: ZHex64,
  /** The same key as PEM (SubjectPublicKeyInfo), for tools such as openssl. */
  pem: z.string(),
});
export type TLedgerKey = z.infer<typeof ZLedgerKey>;
