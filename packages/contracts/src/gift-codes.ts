import { z } from 'zod';
import { GIFT_CODE_INPUT_MAX } from './gift-code-format';
import { ZPagination } from './tips';
import { ZUser } from './users';
import { planNoun } from './plans';

export const GIFT_MONTHS_MIN = 1;
export const GIFT_MONTHS_MAX = 24;
export const GIFT_COUNT_MAX = 1000;
export const GIFT_NOTE_MAX = 200;
export const GIFT_CODES_PAGE_MAX = 100;
/** An expiry further away than this is a typo (a year 20260), not a plan. */
export const GIFT_EXPIRY_MAX_YEARS = 5;

/** Spanish texts of gift codes (issue 16): none of them is in SPEC.md (decision 0046). */
export const GIFT_MSG = {
  codeRequired: 'Escribe el código de regalo',
  invalid: 'El código de regalo no es válido. Revísalo e inténtalo de nuevo.',
  used: 'Este código de regalo ya se ha canjeado.',
  expired: 'Este código de regalo ha caducado o ya no es válido.',
  typeRequired: 'Elige qué regalan los códigos: un plan o un pack',
  planRequired: 'Elige el plan que regalan los códigos',
  packRequired: 'Elige el pack que regalan los códigos',
  months: `Los meses deben ser un número entero entre ${GIFT_MONTHS_MIN} y ${GIFT_MONTHS_MAX}`,
  count: `La cantidad debe ser un número entero entre 1 y ${GIFT_COUNT_MAX}`,
  expiresAtInvalid: 'La fecha de caducidad no es válida',
  expiresAtPast: 'La fecha de caducidad debe ser posterior a hoy',
  expiresAtTooFar: `La fecha de caducidad no puede estar a más de ${GIFT_EXPIRY_MAX_YEARS} años`,
  noteTooLong: `La nota no puede superar los ${GIFT_NOTE_MAX} caracteres`,
  codeNotFound: 'Código no encontrado',
  notRevocable: 'Solo se puede revocar un código sin usar',
  revoked: 'Código revocado: ya no se puede canjear',
  created: (n: number) =>
    n === 1 ? 'Se ha creado 1 código de regalo' : `Se han creado ${n} códigos de regalo`,
  /** "Reactivar renovación automática" on a gift subscription: nothing to renew it with. */
  resumeGift:
    'Tu suscripción es un regalo y no se renueva automáticamente. Si quieres renovación automática, contrata un plan: sus meses se sumarán a los que te quedan.',
  redeemedPack: (nombre: string) => `¡Código canjeado! El pack "${nombre}" ya es tuyo.`,
  redeemedPlan: (plan: string, months: number, until: string) =>
    `¡Código canjeado! Tienes el ${planNoun(plan)} ${months === 1 ? 'durante 1 mes' : `durante ${months} meses`}, hasta el ${until}.`,
  redeemedExtension: (months: number, until: string) =>
    `¡Código canjeado! Tu suscripción se amplía ${months === 1 ? '1 mes' : `${months} meses`}, hasta el ${until}.`,
} as const;

export const GIFT_CODE_STATES = ['sin_usar', 'canjeado', 'caducado', 'revocado'] as const;
export type GiftCodeState = (typeof GIFT_CODE_STATES)[number];
export const GIFT_CODE_STATE_LABELS: Record<GiftCodeState, string> = {
  sin_usar: 'Sin usar',
  canjeado: 'Canjeado',
  caducado: 'Caducado',
  revocado: 'Revocado',
};

const ZMonths = z.coerce
  .number({ error: GIFT_MSG.months })
  .int(GIFT_MSG.months)
  .min(GIFT_MONTHS_MIN, GIFT_MSG.months)
  .max(GIFT_MONTHS_MAX, GIFT_MSG.months);
const ZCount = z.coerce
  .number({ error: GIFT_MSG.count })
  .int(GIFT_MSG.count)
  .min(1, GIFT_MSG.count)
  .max(GIFT_COUNT_MAX, GIFT_MSG.count);
// An instant with its offset; "is it in the future" needs the server's clock (the service).
const ZExpiresAt = z.iso
  .datetime({ offset: true, error: GIFT_MSG.expiresAtInvalid })
  .nullish()
  .transform((v) => v ?? null);
const ZNote = z
  .string()
  .trim()
  .max(GIFT_NOTE_MAX, GIFT_MSG.noteTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

const common = { count: ZCount, expiresAt: ZExpiresAt, note: ZNote };

/** POST /api/admin/gift-codes: `count` codes granting `months` of a plan, or one pack each. */
export const ZCreateGiftCodesRequest = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('plan'),
      planKey: z
        .string({ error: GIFT_MSG.planRequired })
        .trim()
        .min(1, GIFT_MSG.planRequired)
        .max(50, GIFT_MSG.planRequired),
      months: ZMonths,
      ...common,
    }),
    z.object({
      type: z.literal('pack'),
      packId: z.uuid({ error: GIFT_MSG.packRequired }),
      ...common,
    }),
  ],
  { error: GIFT_MSG.typeRequired },
);
export type TCreateGiftCodesRequest = z.input<typeof ZCreateGiftCodesRequest>;
export type TGiftCodeSpec = z.output<typeof ZCreateGiftCodesRequest>;

export const ZGiftBatch = z.object({
  _id: z.uuid(),
  type: z.enum(['plan', 'pack']),
  /** The plan's or the pack's name when the batch was made. */
  itemName: z.string(),
  planKey: z.string().nullable(),
  packId: z.string().nullable(),
  months: z.number().int().nullable(),
  count: z.number().int(),
  expiresAt: z.iso.datetime().nullable(),
  note: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TGiftBatch = z.infer<typeof ZGiftBatch>;

/** 201: the plain codes, this once (the server keeps only their hashes). */
export const ZCreateGiftCodesResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  batch: ZGiftBatch,
  codes: z.array(z.string()),
});
export type TCreateGiftCodesResponse = z.infer<typeof ZCreateGiftCodesResponse>;

/** GET /api/admin/gift-codes?page&limit&state. */
export const ZGiftCodesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(GIFT_CODES_PAGE_MAX).default(50),
  state: z.enum(GIFT_CODE_STATES).optional(),
});
export type TGiftCodesQuery = z.input<typeof ZGiftCodesQuery>;

export const ZAdminGiftCode = z.object({
  _id: z.uuid(),
  /** The last four symbols, to tell codes apart when someone reads theirs out (decision 0046). */
  hint: z.string(),
  state: z.enum(GIFT_CODE_STATES),
  batch: ZGiftBatch,
  redeemedAt: z.iso.datetime().nullable(),
  /** Null when never redeemed, or when the account was deleted since. */
  redeemedBy: z.object({ _id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type TAdminGiftCode = z.infer<typeof ZAdminGiftCode>;

export const ZGiftCodesResponse = z.object({
  success: z.literal(true),
  codes: z.array(ZAdminGiftCode),
  pagination: ZPagination,
});
export type TGiftCodesResponse = z.infer<typeof ZGiftCodesResponse>;

export const ZRevokeGiftCodeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  code: ZAdminGiftCode,
});
export type TRevokeGiftCodeResponse = z.infer<typeof ZRevokeGiftCodeResponse>;

/** POST /api/gift-codes/redeem. The format is checked by the service, so a mistyped code gets
 * the same 404 as an unknown one; here only what is not worth looking at. */
export const ZRedeemGiftCodeRequest = z.object({
  code: z
    .string({ error: GIFT_MSG.codeRequired })
    .trim()
    .min(1, GIFT_MSG.codeRequired)
    .max(GIFT_CODE_INPUT_MAX, GIFT_MSG.invalid),
});
export type TRedeemGiftCodeRequest = z.infer<typeof ZRedeemGiftCodeRequest>;

export const ZRedeemGiftCodeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  gift: z.object({
    type: z.enum(['plan', 'pack']),
    itemName: z.string(),
    months: z.number().int().nullable(),
    /** The subscription's new end (plan codes). */
    endDate: z.iso.datetime().nullable(),
    packId: z.string().nullable(),
  }),
  /** The caller as the server now has them: the page shows the new subscription at once. */
  user: ZUser,
});
export type TRedeemGiftCodeResponse = z.infer<typeof ZRedeemGiftCodeResponse>;
