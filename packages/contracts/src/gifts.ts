import { z } from 'zod';
import { messageHasLink } from './gift-message-links';
import { ZTransaction } from './payments';
import { IMMEDIATE_ACCESS_CONSENT } from './purchase-consent';

/** A gift's personal message: plain text without links, quoted as the buyer's in the e-mail. */
export const GIFT_MESSAGE_MAX = 300;
/** A plan is given for 1 to 12 months, at its monthly price times the months (decision 0083). */
export const GIFT_PLAN_MONTHS_MIN = 1;
export const GIFT_PLAN_MONTHS_MAX = 12;
/** Where the gift checkout lives in the web app (query: plan=…&months=… or pack=…). */
export const GIFT_CHECKOUT_PATH = '/regalar';
/** The success page's `type` for a gift checkout (packs and plans say 'pack' / 'subscription'). */
export const GIFT_SUCCESS_TYPE = 'gift';

/** Spanish texts of gifts bought for someone else (issue 16, item 4; decision 0053). */
export const GIFT_PURCHASE_MSG = {
  title: 'Regalar',
  recipientEmailInvalid: 'El email del destinatario no es válido',
  messageTooLong: `El mensaje no puede superar los ${GIFT_MESSAGE_MAX} caracteres`,
  messageControl: 'El mensaje solo puede contener texto',
  messageLink: 'El mensaje no puede contener enlaces',
  monthsRequired: `Los meses del regalo deben ser un número entero entre ${GIFT_PLAN_MONTHS_MIN} y ${GIFT_PLAN_MONTHS_MAX}`,
  typeRequired: 'Elige qué quieres regalar: un plan o un pack',
  planRequired: 'Elige el plan que quieres regalar',
  packRequired: 'Elige el pack que quieres regalar',
  notAGift: 'Transacción no encontrada.',
  /** Paid, but what it gives was deleted before the payment arrived: no code exists. */
  notIssued:
    'Hemos recibido tu pago, pero lo que querías regalar ya no está disponible y no se generó ningún código. Escríbenos con la referencia de la transacción y te devolveremos el importe.',
} as const;

/** Line breaks are fine; other control characters (and bidi overrides, which can disguise
 * text) are refused rather than silently dropped, so what the buyer typed is what is sent. */
const FORBIDDEN_IN_MESSAGE =
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const ZGiftMessage = z
  .string()
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .max(GIFT_MESSAGE_MAX, GIFT_PURCHASE_MSG.messageTooLong)
      .refine((v) => !FORBIDDEN_IN_MESSAGE.test(v), GIFT_PURCHASE_MSG.messageControl)
      // Sent to an address anyone can type: nothing in it may become a link (decision 0083).
      .refine((v) => !messageHasLink(v), GIFT_PURCHASE_MSG.messageLink),
  );

/** The months of a plan gift, as the form's selector and the route accept them. */
export const ZGiftPlanMonths = z
  .number({ error: GIFT_PURCHASE_MSG.monthsRequired })
  .int(GIFT_PURCHASE_MSG.monthsRequired)
  .min(GIFT_PLAN_MONTHS_MIN, GIFT_PURCHASE_MSG.monthsRequired)
  .max(GIFT_PLAN_MONTHS_MAX, GIFT_PURCHASE_MSG.monthsRequired);

/**
 * What a plan gift of `months` costs, in cents: the plan's monthly price (its price over its
 * own months) times the months, rounded once at the end so that the plan's own months cost
 * exactly its price. The server charges this; the form only shows it.
 */
export function giftPlanPriceCents(
  plan: { priceCents: number; durationMonths: number },
  months: number,
): number {
  return Math.round((plan.priceCents * months) / Math.max(1, plan.durationMonths));
}

// The same "text @ text . text" rule as sign-up's e-mail (SPEC.md §5), with its own message.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Empty means "no recipient": the code then goes to the buyer only. */
const ZRecipientEmail = z
  .string({ error: GIFT_PURCHASE_MSG.recipientEmailInvalid })
  .trim()
  .max(254, GIFT_PURCHASE_MSG.recipientEmailInvalid)
  .refine((v) => v === '' || EMAIL_PATTERN.test(v), GIFT_PURCHASE_MSG.recipientEmailInvalid)
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

/** What the buyer types on the gift form: the form's resolver and the route use these rules. */
export const ZGiftDetails = z.object({
  recipientEmail: ZRecipientEmail,
  message: ZGiftMessage.nullish().transform((v) => (v ? v : null)),
  immediateAccessConsent: z.literal(true, { error: IMMEDIATE_ACCESS_CONSENT.required }),
});
export type TGiftDetailsInput = z.input<typeof ZGiftDetails>;
const common = ZGiftDetails.shape;

/** POST /api/gifts/create-payment-stripe: a one-off payment for a plan (1 to 12 months, priced
 * by the server from the plan) or a pack, paid by the caller and given as a gift code. */
export const ZGiftPaymentRequest = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('plan'),
      planKey: z
        .string({ error: GIFT_PURCHASE_MSG.planRequired })
        .trim()
        .min(1, GIFT_PURCHASE_MSG.planRequired)
        .max(50, GIFT_PURCHASE_MSG.planRequired),
      months: ZGiftPlanMonths,
      ...common,
    }),
    z.object({
      type: z.literal('pack'),
      packId: z.uuid({ error: GIFT_PURCHASE_MSG.packRequired }),
      ...common,
    }),
  ],
  { error: GIFT_PURCHASE_MSG.typeRequired },
);
export type TGiftPaymentRequest = z.input<typeof ZGiftPaymentRequest>;
export type TGiftPayment = z.output<typeof ZGiftPaymentRequest>;

/** GET /api/gifts/verify-session/{sessionId}: the buyer's gift payment, and once paid the
 * code (re-derived, never stored in plain: decision 0054) and where it was sent. */
export const ZGiftPurchaseResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  transaction: ZTransaction,
  gift: z.object({
    type: z.enum(['plan', 'pack']),
    itemName: z.string(),
    months: z.number().int().nullable(),
    recipientEmail: z.string().nullable(),
    /** Only once the payment is completed. */
    code: z.string().nullable(),
  }),
});
export type TGiftPurchaseResponse = z.infer<typeof ZGiftPurchaseResponse>;
