import { z } from 'zod';
import { ZCountry } from './locale-schemas';
import { PLAN_KEYS } from './plans';
import { ROLE_NAMES, ROLE_ORIGINS } from './roles';

/** `assignedBy` is the id of the admin who gave the role; null for roles the system gave and
 * for those whose admin's account was deleted. `origin` says who may remove it (decision 0027);
 * optional only so user objects stored before it still parse (absent: read it from assignedBy). */
export const ZUserRole = z.object({
  name: z.enum(ROLE_NAMES),
  assignedBy: z.uuid().nullable(),
  origin: z.enum(ROLE_ORIGINS).optional(),
});
export type TUserRole = z.infer<typeof ZUserRole>;

/** Where a subscription came from, which says whether automatic renewal can be turned back on:
 * only a provider subscription can ('subscription'); a one-off payment has no card on file and a
 * gift code nothing to charge. */
export const SUBSCRIPTION_SOURCES = ['subscription', 'one_off', 'gift'] as const;
export type SubscriptionSource = (typeof SUBSCRIPTION_SOURCES)[number];

export const ZUserSubscription = z.object({
  hasActiveSubscription: z.boolean(),
  plan: z.enum(PLAN_KEYS),
  endDate: z.iso.datetime().nullable(),
  isRecurring: z.boolean(),
  /** Days left, rounded up, while active; -1 while a due renewal is being collected (the account
   * page shows 'Procesando renovación...'); 0 once ended; null without any subscription. The
   * server always sends it; optional only so user objects written before it still type-check. */
  daysRemaining: z.number().int().nullable().optional(),
  /** The plan bought, as it was when paid for (decision 0029): `plan` above keeps SPEC.md's four
   * values for old clients, these name the real plan and are what the client shows. Null/absent
   * without a subscription; optional so user objects written before them still type-check. */
  planKey: z.string().nullable().optional(),
  planName: z.string().nullable().optional(),
  durationMonths: z.number().int().positive().nullable().optional(),
  /** Null without a subscription; optional so user objects written before it still parse
   * (absent: the account page offers renewal as it always did and the server decides). */
  source: z.enum(SUBSCRIPTION_SOURCES).nullable().optional(),
  /** When the card will be charged next: null when nothing renews it. It is not `endDate` while a
   * gift has lengthened the access and the provider has not yet moved its billing date
   * (decision 0086). Optional so user objects written before it still parse. */
  nextChargeDate: z.iso.datetime().nullable().optional(),
  /** A renewal charge failed and the provider retries it (decision 0095): access continues and
   * the account page says "Pago pendiente". Optional so user objects written before it parse. */
  paymentPending: z.boolean().optional(),
  /** The provider's next attempt at the failed charge; null when none is planned. */
  nextPaymentAttempt: z.iso.datetime().nullable().optional(),
  /** What the subscription grants while active (decision 0097); both false without one. */
  grantsAllVipTips: z.boolean().optional(),
  includesPacks: z.boolean().optional(),
  /** While a free trial runs (decision 0098): its end, and what is charged then (USD); null
   * otherwise. */
  trialEndsAt: z.iso.datetime().nullable().optional(),
  trialThenAmount: z.number().nullable().optional(),
  /** What the next charge will be (USD): the period's price plus any adjustment a plan change
   * left for it (decision 0100); null when nothing renews. */
  nextChargeAmount: z.number().nullable().optional(),
});
export type TUserSubscription = z.infer<typeof ZUserSubscription>;

/** The user as every API response carries it: never a password hash or a token secret. */
export const ZUser = z.object({
  _id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string(),
  roles: z.array(ZUserRole),
  subscription: ZUserSubscription,
  socialLogin: z.object({ google: z.boolean() }),
  /** Issue 32 item 1 (decision 0114): the help resource and the clock every time is shown in. */
  country: ZCountry,
  timeZone: z.string(),
  /** Issue 32 item 3 (decision 0116): `pausedUntil` null while `paused` means indefinite. */
  paused: z.boolean(),
  pausedAt: z.string().nullable(),
  pausedUntil: z.string().nullable(),
  /** From when an indefinite pause may be lifted on request; null otherwise. */
  pauseLiftableFrom: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;
