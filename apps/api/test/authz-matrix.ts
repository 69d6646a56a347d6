import { PLAN_CHANGE_TEXT } from '@magotips/contracts/plan-periods';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { BILLING_MSG } from '@magotips/contracts/billing';
import { MSG } from '@magotips/contracts/messages';
import type { Db } from '../src/db/database';
import {
  emailTokens,
  giftCodes,
  globalMessages,
  packs,
  packTips,
  plans,
  tips,
  transactions,
  userRoles,
  users,
} from '../src/db/schema';
import { createUnsubscribeTokens } from '../src/modules/alerts/unsubscribe-token';
import { issueGiftCodes } from '../src/modules/gift-codes/issue-gift-codes';
import { PROFILE_ROUTES } from './authz-matrix-profile';
import { REFERRAL_ROUTES } from './authz-matrix-referrals';
import { BUSINESS_ROUTES } from './authz-matrix-business';
import { RECEIPT_ROUTES } from './authz-matrix-receipts';
import { PAUSE_ROUTES } from './authz-matrix-pause';
import { SPEND_LIMIT_ROUTES } from './authz-matrix-spend-limit';
import { CALLERS, type Caller, type Callers, type Expected } from './callers';
import { testConfig } from './test-app';
import { authorizationAt } from './users';

/**
 * Issue 8, item 1: every API route with the status each of the seven callers gets.
 *
 * Each row says how to build a request that passes validation, so the status is decided by
 * authorization (401/403) or, for an allowed caller, by what comes after it. Rows that write
 * act on a row made for that one call (a fresh tip, pack, plan, message or target account),
 * so calls do not depend on one another. Rows whose answer depends on an earlier row say so
 * (`resume` after `cancel`); the test runs them in this order.
 */

export type MatrixIds = {
  /** Pack the buyer bought (Pack Estados Unidos). */
  boughtPack: string;
  /** A pack nobody among the callers bought, with matches still to play. */
  openPack: string;
  /** Premium tip inside the buyer's pack. */
  boughtTip: string;
  /** Any premium tip, to put in fresh packs. */
  premiumTip: string;
};

export type MatrixContext = { db: Db; now: Date; callers: Callers; ids: MatrixIds };

export type MatrixRequest = {
  url: string;
  payload?: Record<string, unknown> | string;
  headers?: Record<string, string>;
};

export type MatrixRoute = {
  /** Method and path pattern as Fastify registered it, e.g. 'GET /api/tips/:id'. */
  route: string;
  request: (ctx: MatrixContext, caller: Caller) => MatrixRequest | Promise<MatrixRequest>;
  expected: Record<Caller, Expected>;
};

const HOUR = 3_600_000;
/** A valid UUID no row has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A well-formed simulated checkout session id no transaction has. */
export const UNKNOWN_SIM_SESSION = 'sim_cs_doesnotexist0000000000';
/** A well-formed simulated portal token whose signature is not the server's. */
export const FORGED_PORTAL_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAA';

const NO_TOKEN: Expected = { status: 401, message: MSG.noToken };
const NOT_EDITOR: Expected = { status: 403, message: MSG.editorRequired, code: 'FORBIDDEN' };
const NOT_ADMIN: Expected = { status: 403, message: MSG.adminRequired, code: 'FORBIDDEN' };
const NOT_BOTH: Expected = { status: 403, message: MSG.bothRolesRequired, code: 'FORBIDDEN' };

const all = (ok: Expected): Record<Caller, Expected> =>
  Object.fromEntries(CALLERS.map((c) => [c, ok])) as Record<Caller, Expected>;
const signedIn = (ok: Expected): Record<Caller, Expected> => ({ ...all(ok), visitor: NO_TOKEN });
const editorsOnly = (ok: Expected): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_EDITOR,
  subscriber: NOT_EDITOR,
  buyer: NOT_EDITOR,
  editor: ok,
  // Decision 0026: the editor tools need the editor role; admin alone is not enough.
  admin: NOT_EDITOR,
  editorAdmin: ok,
});
const adminsOnly = (ok: Expected): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_ADMIN,
  subscriber: NOT_ADMIN,
  buyer: NOT_ADMIN,
  editor: NOT_ADMIN,
  admin: ok,
  editorAdmin: ok,
});
const NOT_STAFF: Expected = { status: 403, message: MSG.editorOrAdminRequired, code: 'FORBIDDEN' };
/** Either role: results are facts about matches (issue 14 item 3). */
const editorsOrAdmins = (ok: Expected): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_STAFF,
  subscriber: NOT_STAFF,
  buyer: NOT_STAFF,
  editor: ok,
  admin: ok,
  editorAdmin: ok,
});
const editorAndAdmin = (ok: Expected): Record<Caller, Expected> => ({
  visitor: NO_TOKEN,
  user: NOT_BOTH,
  subscriber: NOT_BOTH,
  buyer: NOT_BOTH,
  editor: NOT_BOTH,
  admin: NOT_BOTH,
  editorAdmin: ok,
});

const short = () => randomUUID().slice(0, 8);
const unsubscribeTokens = createUnsubscribeTokens(testConfig().jwtSecret);

function inserted<T>(row: T | undefined): T {
  if (!row) throw new Error('row not inserted');
  return row;
}

async function freshTip(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.db
    .insert(tips)
    .values({
      icon: 'golf',
      title: 'Desechable',
      matchDate: new Date(ctx.now.getTime() + 5 * HOUR),
      analisis: 'x',
      category: 'free',
    })
    .returning({ id: tips.id });
  return inserted(row).id;
}

/** A published bet whose match started two hours ago: ready to be settled. */
async function startedBet(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.db
    .insert(tips)
    .values({
      icon: 'football',
      title: 'Apuesta empezada',
      matchDate: new Date(ctx.now.getTime() - 2 * HOUR),
      analisis: 'x',
      category: 'premium',
      pick: 'Gana el local',
      oddsCents: 185,
      stake: 2,
      publishedAt: new Date(ctx.now.getTime() - 5 * HOUR),
    })
    .returning({ id: tips.id });
  return inserted(row).id;
}

async function freshPack(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.db
    .insert(packs)
    .values({ nombre: 'Desechable', descripcion: 'x', priceCents: 500 })
    .returning({ id: packs.id });
  const id = inserted(row).id;
  await ctx.db.insert(packTips).values({ packId: id, tipId: ctx.ids.premiumTip, position: 0 });
  return id;
}

async function freshPlan(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.db
    .insert(plans)
    .values({
      name: 'Plan desechable',
      key: `desechable-${short()}`,
      priceCents: 500,
      features: ['x'],
    })
    .returning({ id: plans.id });
  return inserted(row).id;
}

async function freshMessage(ctx: MatrixContext): Promise<string> {
  const [row] = await ctx.db
    .insert(globalMessages)
    .values({ text: 'Mensaje desechable', type: 'info' })
    .returning({ id: globalMessages.id });
  return inserted(row).id;
}

/** A fresh one-month gift code of the demo's Plan Premium: its plain code and its row's id. */
async function freshGiftCode(ctx: MatrixContext): Promise<{ code: string; id: string }> {
  const { batch, codes } = await issueGiftCodes(ctx.db, {
    grant: { type: 'plan', planId: null, planKey: 'premium', planName: 'Plan Premium', months: 1 },
    count: 1,
    expiresAt: null,
    note: 'Matriz',
    createdBy: null,
    now: ctx.now,
  });
  const [row] = await ctx.db
    .select({ id: giftCodes.id })
    .from(giftCodes)
    .where(eq(giftCodes.batchId, batch.id));
  return { code: codes[0] ?? '', id: inserted(row).id };
}

/** The e-mail of a fresh account: registering it again is a 409, and the per-e-mail rate
 * limit of registration never builds up across calls. */
async function takenEmail(db: Db): Promise<string> {
  const id = await freshAccount(db);
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return inserted(row).email;
}

/** A fresh account; with `editorBy`, it holds the editor role given by that user. */
export async function freshAccount(db: Db, editorBy?: string | null): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      email: `t-${short()}@example.com`,
      firstName: 'Objetivo',
      lastName: 'Prueba',
      dateOfBirth: '1990-01-01',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const id = inserted(row).id;
  await db.insert(userRoles).values({ userId: id, role: 'user' });
  if (editorBy !== undefined)
    await db.insert(userRoles).values({ userId: id, role: 'editor', assignedBy: editorBy });
  return id;
}

/** A working e-mail link of a fresh account (unconfirmed for `verify_email`), as the raw token
 * the link carries: every caller may use one (the routes are public). */
async function freshEmailLink(
  ctx: MatrixContext,
  purpose: 'verify_email' | 'reset_password',
): Promise<string> {
  const [row] = await ctx.db
    .insert(users)
    .values({
      email: `link-${short()}@example.com`,
      firstName: 'Enlace',
      lastName: 'Prueba',
      dateOfBirth: '1990-01-01',
      emailVerifiedAt: purpose === 'verify_email' ? null : ctx.now,
    })
    .returning({ id: users.id });
  const userId = inserted(row).id;
  await ctx.db.insert(userRoles).values({ userId, role: 'user', isSystem: true });
  const raw = randomBytes(32).toString('base64url');
  await ctx.db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: createHash('sha256').update(raw).digest('hex'),
    expiresAt: new Date(ctx.now.getTime() + HOUR),
  });
  return raw;
}

/** A completed payment owned by `userId`, with its own simulated session id. */
export async function ownTransaction(
  db: Db,
  userId: string,
  kind: 'pack' | 'subscription',
  packId: string,
  isGift = false,
): Promise<{ id: string; sessionId: string }> {
  const sessionId = `sim_cs_matrix_${randomUUID().replaceAll('-', '')}`;
  const [row] = await db
    .insert(transactions)
    .values({
      userId,
      kind,
      ...(kind === 'pack'
        ? { packId, itemName: 'Pack' }
        : { planKey: 'premium', durationMonths: 1, itemName: 'Premium' }),
      amountCents: 999,
      status: 'completed',
      provider: 'simulated',
      isGift,
      providerSessionId: sessionId,
      completedAt: new Date(),
    })
    .returning({ id: transactions.id });
  return { id: inserted(row).id, sessionId };
}

const validTip = (ctx: MatrixContext) => ({
  icon: 'tennis',
  title: 'Nadal vs. Djokovic',
  matchDate: new Date(ctx.now.getTime() + 24 * HOUR).toISOString(),
  analisis: 'Análisis de prueba con datos.',
  category: 'premium',
});
const validPack = (ctx: MatrixContext) => ({
  nombre: 'Pack de prueba',
  descripcion: 'Un partido VIP.',
  precio: 9.99,
  tips: [ctx.ids.premiumTip],
  activo: true,
});
const validPlan = () => ({
  name: 'Plan Anual',
  key: `anual-${short()}`,
  price: 99.99,
  duration: 12,
  features: ['Todos los tips VIP'],
  isActive: true,
});

const callerId = (ctx: MatrixContext, caller: Caller) => ctx.callers[caller].id;

const SOON_PAYPAL: Expected = {
  status: 400,
  message: 'PayPal estará disponible próximamente. Por favor, usa Stripe por ahora.',
};
const SOON_MP: Expected = {
  status: 400,
  message: 'Mercado Pago estará disponible próximamente. Por favor, usa Stripe por ahora.',
};

export const AUTHZ_MATRIX: MatrixRoute[] = [
  // issue 30: the account's payments, receipts and tax id
  ...RECEIPT_ROUTES,
  // issue 32 item 4: the account's monthly spend limit
  ...SPEND_LIMIT_ROUTES,
  // issue 32 item 3: the reader's pause
  ...PAUSE_ROUTES,
  // issue 32 item 1: the account's country and time zone
  ...PROFILE_ROUTES,
  // issue 33 item 2: the owner's business dashboard
  ...BUSINESS_ROUTES,
  // issue 33 item 3: the reader's referral link
  ...REFERRAL_ROUTES,
  // health
  { route: 'GET /api/health', request: () => ({ url: '/api/health' }), expected: all(200) },

  // auth: public calls answer the same whoever calls; bodies fail or succeed predictably.
  {
    route: 'POST /api/auth/register',
    // An e-mail already taken (a new one per call): answered as a new sign-up, whoever calls,
    // while its owner is told by e-mail (issue 29 item 7).
    request: async (ctx) => ({
      url: '/api/auth/register',
      payload: {
        firstName: 'Ulises',
        lastName: 'Usuario',
        email: await takenEmail(ctx.db),
        password: 'Clave1234',
        dateOfBirth: '1990-01-01',
      },
    }),
    expected: all(201),
  },
  {
    route: 'POST /api/auth/verify-email',
    // A fresh link per call: whoever follows it (token or not) confirms that account; only the
    // browser that registered it is also signed in (decision 0082: auth.verify-binding.test.ts).
    // Refusals: auth.sign-in-journeys.test.ts.
    request: async (ctx) => ({
      url: '/api/auth/verify-email',
      payload: { token: await freshEmailLink(ctx, 'verify_email') },
    }),
    expected: all(200),
  },
  {
    route: 'POST /api/auth/resend-verification',
    // An unknown e-mail, a new one per call (3 per e-mail per 15 min): same 200 as a known one.
    request: () => ({
      url: '/api/auth/resend-verification',
      payload: { email: `nadie-${short()}@example.com` },
    }),
    expected: all(200),
  },
  {
    route: 'POST /api/auth/login',
    // The demo account's right password: a success does not count towards the limit.
    request: () => ({
      url: '/api/auth/login',
      payload: { email: 'usuario@example.com', password: 'demo1234' },
    }),
    expected: all(200),
  },
  {
    route: 'POST /api/auth/me_verify',
    request: () => ({ url: '/api/auth/me_verify' }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/auth/refresh',
    request: () => ({ url: '/api/auth/refresh' }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/auth/forgot-password',
    request: () => ({
      url: '/api/auth/forgot-password',
      payload: { email: `nadie-${short()}@example.com` },
    }),
    expected: all(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    request: () => ({
      url: '/api/auth/reset-password',
      payload: { token: 'a'.repeat(64), password: 'Nueva12345' },
    }),
    expected: all(400),
  },
  {
    route: 'POST /api/auth/validate-reset-token',
    // Public, spends nothing: a working link answers 200 to anyone (issue 13, item 5).
    request: async (ctx) => ({
      url: '/api/auth/validate-reset-token',
      payload: { token: await freshEmailLink(ctx, 'reset_password') },
    }),
    expected: all(200),
  },
  {
    route: 'POST /api/auth/change-password',
    // A new password too short: 400 after the session check, nothing changes.
    request: () => ({
      url: '/api/auth/change-password',
      payload: { currentPassword: 'x', newPassword: '1' },
    }),
    expected: signedIn(400),
  },
  {
    route: 'DELETE /api/auth/me',
    // The wrong confirmation word: 400 after the session check, nobody is deleted.
    request: () => ({ url: '/api/auth/me', payload: { confirm: 'NO' } }),
    expected: signedIn(400),
  },
  {
    route: 'GET /api/auth/sessions',
    request: () => ({ url: '/api/auth/sessions' }),
    expected: signedIn(200),
  },
  {
    route: 'DELETE /api/auth/sessions/:id',
    // Nobody's session: 404 after the session check, the caller's own sessions stay.
    request: () => ({ url: `/api/auth/sessions/${UNKNOWN_ID}` }),
    expected: signedIn(404),
  },
  {
    route: 'POST /api/auth/sessions/revoke-others',
    // Each caller has one session (its test token), so nothing else ends.
    request: () => ({ url: '/api/auth/sessions/revoke-others' }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/auth/logout',
    // Each signed-in caller logs out of a session of its own opened for this row, so the
    // session the later rows run with stays.
    request: async (ctx, caller) => {
      const { id } = ctx.callers[caller];
      if (!id) return { url: '/api/auth/logout' };
      return {
        url: '/api/auth/logout',
        headers: { authorization: await authorizationAt(ctx.db, id, ctx.now) },
      };
    },
    expected: signedIn(200),
  },
  // Google is not configured in tests: both answer a redirect to the failure page.
  {
    route: 'GET /api/auth/google',
    request: () => ({ url: '/api/auth/google' }),
    expected: all(302),
  },
  {
    route: 'GET /api/auth/google/callback',
    request: () => ({ url: '/api/auth/google/callback' }),
    expected: all(302),
  },
  {
    route: 'POST /api/auth/google/exchange',
    // Public (the caller has no session yet); without the browser's binding cookie a code
    // never works: the same Spanish 400 for everyone, token or not.
    request: () => ({ url: '/api/auth/google/exchange', payload: { code: 'a'.repeat(43) } }),
    expected: all({ status: 400, code: 'GOOGLE_CODE_INVALID' }),
  },

  // admin
  {
    route: 'GET /api/admin/all-users',
    request: () => ({ url: '/api/admin/all-users' }),
    expected: adminsOnly(200),
  },
  {
    route: 'POST /api/admin/users/:userId/roles',
    request: async (ctx) => ({
      url: `/api/admin/users/${await freshAccount(ctx.db)}/roles`,
      payload: { role: 'editor' },
    }),
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/admin/users/:userId/roles/:roleName',
    // The role was given by the caller, so an admin caller may take it back.
    request: async (ctx, caller) => ({
      url: `/api/admin/users/${await freshAccount(ctx.db, callerId(ctx, caller))}/roles/editor`,
    }),
    expected: adminsOnly(200),
  },

  // global messages
  { route: 'GET /api/messages', request: () => ({ url: '/api/messages' }), expected: all(200) },
  {
    route: 'GET /api/admin/messages',
    request: () => ({ url: '/api/admin/messages' }),
    expected: adminsOnly(200),
  },
  {
    route: 'POST /api/admin/messages',
    // With "Mostrar hasta" (decision 0087), which must be ahead of the server's clock.
    request: (ctx) => ({
      url: '/api/admin/messages',
      payload: {
        text: 'Aviso de prueba',
        type: 'info',
        active: false,
        endsAt: new Date(ctx.now.getTime() + HOUR).toISOString(),
      },
    }),
    expected: adminsOnly(201),
  },
  {
    route: 'PUT /api/admin/messages/:id',
    request: async (ctx) => ({
      url: `/api/admin/messages/${await freshMessage(ctx)}`,
      payload: { text: 'Editado', type: 'warn', endsAt: null },
    }),
    expected: adminsOnly(200),
  },
  {
    route: 'PATCH /api/admin/messages/:id',
    request: async (ctx) => ({
      url: `/api/admin/messages/${await freshMessage(ctx)}`,
      payload: { active: false },
    }),
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/admin/messages/:id',
    request: async (ctx) => ({ url: `/api/admin/messages/${await freshMessage(ctx)}` }),
    expected: adminsOnly(200),
  },

  // tips
  {
    route: 'GET /api/tips/preview',
    request: () => ({ url: '/api/tips/preview' }),
    expected: all(200),
  },
  { route: 'GET /api/tips', request: () => ({ url: '/api/tips' }), expected: all(200) },
  {
    route: 'GET /api/tips/vip',
    // Decision 0108: the full list is for readers of every VIP tip; a pack buyer has "Mis packs".
    request: () => ({ url: '/api/tips/vip' }),
    expected: {
      ...all(200),
      visitor: NO_TOKEN,
      user: { status: 403, message: MSG.vipTipsListRequired, code: 'FORBIDDEN' },
      buyer: { status: 403, message: MSG.vipTipsListRequired, code: 'FORBIDDEN' },
    },
  },
  {
    route: 'GET /api/tips/:id/offers',
    // Public: the packs and plans that open a VIP tip are what the shop already shows.
    request: (ctx) => ({ url: `/api/tips/${ctx.ids.boughtTip}/offers` }),
    expected: all(200),
  },
  {
    route: 'GET /api/tips/:id',
    // A premium tip inside the buyer's pack.
    request: (ctx) => ({ url: `/api/tips/${ctx.ids.boughtTip}` }),
    expected: {
      ...all(200),
      visitor: { status: 403, code: 'PREMIUM_REQUIRED' },
      user: { status: 403, code: 'PREMIUM_REQUIRED' },
    },
  },
  {
    route: 'POST /api/tips',
    request: (ctx) => ({ url: '/api/tips', payload: validTip(ctx) }),
    expected: editorsOnly(201),
  },
  {
    route: 'PUT /api/tips/:id',
    request: async (ctx) => ({ url: `/api/tips/${await freshTip(ctx)}`, payload: validTip(ctx) }),
    expected: editorsOnly(200),
  },
  {
    route: 'PATCH /api/tips/:id',
    request: async (ctx) => ({
      url: `/api/tips/${await freshTip(ctx)}`,
      payload: { isPublished: false },
    }),
    expected: editorsOnly(200),
  },
  {
    route: 'DELETE /api/tips/:id',
    request: async (ctx) => ({ url: `/api/tips/${await freshTip(ctx)}` }),
    expected: editorsOnly(200),
  },
  {
    route: 'PATCH /api/tips/:id/result',
    request: async (ctx) => ({
      url: `/api/tips/${await startedBet(ctx)}/result`,
      payload: { result: 'ganado' },
    }),
    expected: editorsOrAdmins(200),
  },
  {
    route: 'GET /api/tips/pending-results',
    request: () => ({ url: '/api/tips/pending-results' }),
    expected: editorsOrAdmins(200),
  },

  // packs
  {
    route: 'GET /api/packs/disponibles',
    request: () => ({ url: '/api/packs/disponibles' }),
    expected: all(200),
  },
  {
    route: 'GET /api/packs/tips-gratis',
    request: () => ({ url: '/api/packs/tips-gratis' }),
    expected: signedIn(200),
  },
  // Without a subscription it is still 200: a buyer's own tips, locked teasers otherwise (decision 0031).
  {
    route: 'GET /api/packs/tips-vips',
    request: () => ({ url: '/api/packs/tips-vips' }),
    expected: signedIn(200),
  },
  { route: 'GET /api/packs', request: () => ({ url: '/api/packs' }), expected: editorsOnly(200) },
  {
    route: 'POST /api/packs',
    request: (ctx) => ({ url: '/api/packs', payload: validPack(ctx) }),
    expected: editorsOnly(201),
  },
  {
    route: 'PUT /api/packs/:id',
    request: async (ctx) => ({
      url: `/api/packs/${await freshPack(ctx)}`,
      payload: validPack(ctx),
    }),
    expected: editorsOnly(200),
  },
  {
    route: 'PATCH /api/packs/:id',
    request: async (ctx) => ({
      url: `/api/packs/${await freshPack(ctx)}`,
      payload: { isActive: false },
    }),
    expected: editorsOnly(200),
  },
  {
    route: 'DELETE /api/packs/:id',
    request: async (ctx) => ({ url: `/api/packs/${await freshPack(ctx)}` }),
    expected: editorsOnly(200),
  },

  // pack purchases
  {
    route: 'POST /api/packs/create-payment-stripe',
    // Nobody among the callers owns the open pack: a simulated checkout opens (201).
    request: (ctx) => ({
      url: '/api/packs/create-payment-stripe',
      payload: {
        packId: ctx.ids.openPack,
        amount: 19.99,
        currency: 'USD',
        immediateAccessConsent: true,
        paymentMethod: 'stripe',
      },
    }),
    expected: signedIn(201),
  },
  {
    route: 'POST /api/packs/create-payment-paypal',
    request: (ctx) => ({
      url: '/api/packs/create-payment-paypal',
      payload: { packId: ctx.ids.openPack },
    }),
    expected: signedIn(SOON_PAYPAL),
  },
  {
    route: 'POST /api/packs/create-payment-mercadopago',
    request: (ctx) => ({
      url: '/api/packs/create-payment-mercadopago',
      payload: { packId: ctx.ids.openPack },
    }),
    expected: signedIn(SOON_MP),
  },
  {
    route: 'GET /api/packs/check-payment/:transactionId',
    // The caller's own completed payment.
    request: async (ctx, caller) => {
      const id = callerId(ctx, caller);
      const tx = id
        ? await ownTransaction(ctx.db, id, 'pack', ctx.ids.openPack)
        : { id: UNKNOWN_ID };
      return { url: `/api/packs/check-payment/${tx.id}` };
    },
    expected: signedIn(200),
  },
  {
    route: 'GET /api/packs/verify-session/:sessionId',
    request: async (ctx, caller) => {
      const id = callerId(ctx, caller);
      const tx = id
        ? await ownTransaction(ctx.db, id, 'pack', ctx.ids.openPack)
        : { sessionId: UNKNOWN_SIM_SESSION };
      return { url: `/api/packs/verify-session/${tx.sessionId}` };
    },
    expected: signedIn(200),
  },
  {
    route: 'GET /api/packs/verify-status/:packId',
    request: (ctx) => ({ url: `/api/packs/verify-status/${ctx.ids.boughtPack}` }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/packs/mis-packs',
    request: () => ({ url: '/api/packs/mis-packs' }),
    expected: signedIn(200),
  },
  {
    route: 'GET /api/packs/estado-usuario',
    request: () => ({ url: '/api/packs/estado-usuario' }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/packs/clean-pending-transactions',
    request: () => ({ url: '/api/packs/clean-pending-transactions' }),
    expected: signedIn(200),
  },

  // payments: no Stripe key in tests, so the webhook answers 404; the simulated checkout is
  // open to anyone who holds a session id (the id is the capability, no session needed).
  {
    route: 'POST /api/payments/stripe/webhook',
    request: () => ({
      url: '/api/payments/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    }),
    expected: all(404),
  },
  {
    route: 'GET /api/payments/simulated/checkout.css',
    request: () => ({ url: '/api/payments/simulated/checkout.css' }),
    expected: all(200),
  },
  {
    route: 'GET /api/payments/simulated/checkout/:sessionId',
    request: () => ({ url: `/api/payments/simulated/checkout/${UNKNOWN_SIM_SESSION}` }),
    expected: all(404),
  },
  {
    route: 'POST /api/payments/simulated/checkout/:sessionId/pay',
    request: () => ({ url: `/api/payments/simulated/checkout/${UNKNOWN_SIM_SESSION}/pay` }),
    expected: all(404),
  },
  {
    route: 'POST /api/payments/simulated/checkout/:sessionId/promotion',
    request: () => ({
      url: `/api/payments/simulated/checkout/${UNKNOWN_SIM_SESSION}/promotion`,
      payload: { promotionCode: 'MAGO10' },
    }),
    expected: all(404),
  },
  {
    route: 'POST /api/payments/simulated/checkout/:sessionId/cancel',
    request: () => ({ url: `/api/payments/simulated/checkout/${UNKNOWN_SIM_SESSION}/cancel` }),
    expected: all(404),
  },

  // The simulated billing portal: its signed link is the capability, like Stripe's portal URL;
  // a link that does not verify answers the "expired" page to everyone.
  ...(['GET', 'POST'] as const).map((method) => ({
    route: `${method} /api/payments/simulated/portal/:token/cancel`,
    request: () => ({ url: `/api/payments/simulated/portal/${FORGED_PORTAL_TOKEN}/cancel` }),
    expected: all(410),
  })),
  {
    route: 'GET /api/payments/simulated/portal/:token',
    request: () => ({ url: `/api/payments/simulated/portal/${FORGED_PORTAL_TOKEN}` }),
    expected: all(410),
  },
  {
    route: 'POST /api/payments/simulated/portal/:token/card',
    request: () => ({
      url: `/api/payments/simulated/portal/${FORGED_PORTAL_TOKEN}/card`,
      payload: { card: '4242' },
    }),
    expected: all(410),
  },
  {
    route: 'POST /api/payments/simulated/portal/:token/renew-now',
    request: () => ({ url: `/api/payments/simulated/portal/${FORGED_PORTAL_TOKEN}/renew-now` }),
    expected: all(410),
  },

  // plans
  {
    route: 'GET /api/subscriptions/plans',
    request: () => ({ url: '/api/subscriptions/plans' }),
    expected: all(200),
  },
  {
    route: 'GET /api/subscriptions/admin/planes',
    request: () => ({ url: '/api/subscriptions/admin/planes' }),
    expected: editorAndAdmin(200),
  },
  {
    route: 'POST /api/subscriptions/admin/planes',
    request: () => ({ url: '/api/subscriptions/admin/planes', payload: validPlan() }),
    expected: editorAndAdmin(201),
  },
  {
    route: 'PUT /api/subscriptions/admin/planes/:id',
    request: async (ctx) => ({
      url: `/api/subscriptions/admin/planes/${await freshPlan(ctx)}`,
      payload: { isActive: false },
    }),
    expected: editorAndAdmin(200),
  },
  {
    route: 'DELETE /api/subscriptions/admin/planes/:id',
    request: async (ctx) => ({ url: `/api/subscriptions/admin/planes/${await freshPlan(ctx)}` }),
    expected: editorAndAdmin(200),
  },

  // subscriptions
  {
    route: 'POST /api/subscriptions/create-payment-stripe',
    request: () => ({
      url: '/api/subscriptions/create-payment-stripe',
      payload: {
        plan: 'basic',
        amount: 9.99,
        currency: 'USD',
        recurring: true,
        immediateAccessConsent: true,
      },
    }),
    // The subscriber already renews every month: a second renewing subscription is refused.
    expected: { ...signedIn(201), subscriber: { status: 409, code: 'ACTIVE_SUBSCRIPTION' } },
  },
  {
    route: 'POST /api/subscriptions/create-payment-paypal',
    request: () => ({
      url: '/api/subscriptions/create-payment-paypal',
      payload: { plan: 'basic' },
    }),
    expected: signedIn(SOON_PAYPAL),
  },
  {
    route: 'POST /api/subscriptions/create-payment-mercadopago',
    request: () => ({
      url: '/api/subscriptions/create-payment-mercadopago',
      payload: { plan: 'basic' },
    }),
    expected: signedIn(SOON_MP),
  },
  {
    route: 'GET /api/subscriptions/check-payment/:transactionId',
    request: async (ctx, caller) => {
      const id = callerId(ctx, caller);
      const tx = id
        ? await ownTransaction(ctx.db, id, 'subscription', ctx.ids.openPack)
        : { id: UNKNOWN_ID };
      return { url: `/api/subscriptions/check-payment/${tx.id}` };
    },
    expected: signedIn(200),
  },
  {
    route: 'GET /api/subscriptions/verify-session/:sessionId',
    request: async (ctx, caller) => {
      const id = callerId(ctx, caller);
      const tx = id
        ? await ownTransaction(ctx.db, id, 'subscription', ctx.ids.openPack)
        : { sessionId: UNKNOWN_SIM_SESSION };
      return { url: `/api/subscriptions/verify-session/${tx.sessionId}` };
    },
    expected: signedIn(200),
  },
  {
    route: 'GET /api/subscriptions/trial-eligibility',
    request: () => ({ url: '/api/subscriptions/trial-eligibility' }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/subscriptions/cancel',
    request: () => ({ url: '/api/subscriptions/cancel' }),
    // Only the subscriber has a subscription; everyone else gets 400 NO_ACTIVE_SUBSCRIPTION.
    expected: { ...signedIn({ status: 400, code: 'NO_ACTIVE_SUBSCRIPTION' }), subscriber: 200 },
  },
  {
    route: 'POST /api/subscriptions/resume',
    request: () => ({ url: '/api/subscriptions/resume' }),
    // Runs after cancel: the subscriber turns renewal back on; without a subscription it is
    // 400 SUBSCRIPTION_ENDED (not NO_ACTIVE_SUBSCRIPTION, unlike cancel).
    expected: { ...signedIn({ status: 400, code: 'SUBSCRIPTION_ENDED' }), subscriber: 200 },
  },
  {
    route: 'POST /api/subscriptions/change/preview',
    request: () => ({ url: '/api/subscriptions/change/preview', payload: { plan: 'basic' } }),
    // Only the subscriber has a renewing subscription to move to another plan.
    expected: {
      ...signedIn({ status: 400, message: PLAN_CHANGE_TEXT.noSubscription }),
      subscriber: 200,
    },
  },
  {
    route: 'POST /api/subscriptions/change',
    request: () => ({ url: '/api/subscriptions/change', payload: { changeId: UNKNOWN_ID } }),
    // A quote of nobody's (or of someone else's) is never applied.
    expected: signedIn({ status: 409, code: 'PLAN_CHANGE_EXPIRED' }),
  },
  {
    route: 'POST /api/billing/portal',
    request: () => ({ url: '/api/billing/portal' }),
    // Only the subscriber has a renewing subscription to manage (simulated here: its portal).
    expected: {
      ...signedIn({
        status: 404,
        code: 'NO_BILLING_ACCOUNT',
        message: BILLING_MSG.noBillingAccount,
      }),
      subscriber: 200,
    },
  },

  // financial verification (admins only)
  {
    route: 'GET /api/stripe-verification/latest',
    request: () => ({ url: '/api/stripe-verification/latest' }),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/stripe-verification/history',
    request: () => ({ url: '/api/stripe-verification/history' }),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/stripe-verification/summary',
    request: () => ({ url: '/api/stripe-verification/summary' }),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/stripe-verification/balance',
    request: () => ({ url: '/api/stripe-verification/balance' }),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/stripe-verification/payments',
    request: () => ({ url: '/api/stripe-verification/payments' }),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/stripe-verification/payouts',
    request: () => ({ url: '/api/stripe-verification/payouts' }),
    expected: adminsOnly(200),
  },
  {
    route: 'GET /api/stripe-verification/period',
    request: () => ({
      url: '/api/stripe-verification/period?startDate=2026-05-01&endDate=2026-05-31',
    }),
    expected: adminsOnly(200),
  },
  // The verified track record (issue 14): public, with or without a token.
  {
    route: 'GET /api/track-record',
    request: () => ({ url: '/api/track-record?period=90d&category=premium' }),
    expected: all(200),
  },
  {
    route: 'GET /api/track-record/tips',
    request: () => ({ url: '/api/track-record/tips?page=1&sport=football' }),
    expected: all(200),
  },
  // The public ledger of the record (the proof issue): anyone, signed in or not.
  {
    route: 'GET /api/track-record/ledger',
    request: () => ({ url: '/api/track-record/ledger?after=0&limit=10' }),
    expected: all(200),
  },
  {
    route: 'GET /api/track-record/ledger/head',
    request: () => ({ url: '/api/track-record/ledger/head' }),
    expected: all(200),
  },
  {
    route: 'GET /api/track-record/ledger/key',
    request: () => ({ url: '/api/track-record/ledger/key' }),
    expected: all(200),
  },
  {
    route: 'GET /api/track-record/tips.csv',
    request: () => ({ url: '/api/track-record/tips.csv?sport=football&oddsBand=1.5-2' }),
    expected: all(200),
  },
  // Alerts of new tips (issue 15): each reader's own switches.
  {
    route: 'GET /api/alerts/preferences',
    request: () => ({ url: '/api/alerts/preferences' }),
    expected: signedIn(200),
  },
  {
    route: 'PUT /api/alerts/preferences',
    request: () => ({
      url: '/api/alerts/preferences',
      payload: { email: { free: true, vip: false }, push: { free: false, vip: false } },
    }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/alerts/test',
    request: () => ({ url: '/api/alerts/test' }),
    expected: signedIn(202),
  },
  {
    // The link of an alert e-mail: public, the signed token is the proof (one account per call).
    route: 'POST /api/alerts/unsubscribe',
    request: async (ctx) => ({
      url: '/api/alerts/unsubscribe',
      payload: { token: unsubscribeTokens.sign(await freshAccount(ctx.db), 'email') },
    }),
    expected: all(200),
  },
  {
    route: 'GET /api/admin/alerts',
    request: () => ({ url: '/api/admin/alerts?page=1&limit=10' }),
    expected: adminsOnly(200),
  },
  {
    // The count before a tip's first publication (decision 0087): for the editors who write tips.
    route: 'GET /api/alerts/audience',
    request: () => ({ url: '/api/alerts/audience?category=premium' }),
    expected: editorsOnly(200),
  },
  {
    route: 'POST /api/admin/alerts/:tipId/retry',
    request: async (ctx) => ({ url: `/api/admin/alerts/${await freshTip(ctx)}/retry` }),
    expected: adminsOnly(200),
  },
  // Web Push devices (issue 15): the key is public; a device belongs to a signed-in reader.
  {
    route: 'GET /api/alerts/push/public-key',
    request: () => ({ url: '/api/alerts/push/public-key' }),
    expected: all(200),
  },
  {
    route: 'POST /api/alerts/push/subscriptions',
    // Each caller its own device on a known push service.
    request: (_ctx, caller) => ({
      url: '/api/alerts/push/subscriptions',
      payload: {
        endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${caller}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
    expected: signedIn(201),
  },
  {
    route: 'DELETE /api/alerts/push/subscriptions',
    request: (_ctx, caller) => ({
      url: '/api/alerts/push/subscriptions',
      payload: { endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${caller}` },
    }),
    expected: signedIn(200),
  },

  // A linked Telegram account (issue 31): each reader their own. The matrix's app has no bot, so
  // the link itself is 503 for everyone signed in, and the webhook has no secret to match.
  {
    route: 'GET /api/telegram/link',
    request: () => ({ url: '/api/telegram/link' }),
    expected: signedIn(200),
  },
  {
    route: 'POST /api/telegram/link',
    request: () => ({ url: '/api/telegram/link' }),
    expected: signedIn({ status: 503, code: 'TELEGRAM_UNAVAILABLE' }),
  },
  {
    route: 'DELETE /api/telegram/link',
    request: () => ({ url: '/api/telegram/link' }),
    expected: signedIn(200),
  },
  {
    // Telegram's side: the secret header is the proof, never a session.
    route: 'POST /api/telegram/webhook',
    request: () => ({
      url: '/api/telegram/webhook',
      payload: { update_id: 1 },
      headers: { 'x-telegram-bot-api-secret-token': 'x'.repeat(40) },
    }),
    expected: all({ status: 401, code: 'UNAUTHORIZED' }),
  },

  // Gift codes (issue 16): admins make, list and revoke them; anyone signed in redeems one.
  {
    route: 'POST /api/admin/gift-codes',
    request: () => ({
      url: '/api/admin/gift-codes',
      payload: { type: 'plan', planKey: 'premium', months: 1, count: 1, note: 'Matriz' },
    }),
    expected: adminsOnly(201),
  },
  {
    route: 'GET /api/admin/gift-codes',
    request: () => ({ url: '/api/admin/gift-codes?state=sin_usar&limit=5' }),
    expected: adminsOnly(200),
  },
  {
    route: 'DELETE /api/admin/gift-codes/:id',
    request: async (ctx) => ({ url: `/api/admin/gift-codes/${(await freshGiftCode(ctx)).id}` }),
    expected: adminsOnly(200),
  },
  {
    route: 'POST /api/gift-codes/redeem',
    request: async (ctx) => ({
      url: '/api/gift-codes/redeem',
      payload: { code: (await freshGiftCode(ctx)).code },
    }),
    expected: signedIn(200),
  },

  // Gifts bought for someone else (issue 16, item 4): anyone signed in, owned pack or not; a
  // plan for several months (issue 29, item 13) for half of the callers, a pack for the rest.
  {
    route: 'POST /api/gifts/create-payment-stripe',
    request: (ctx, caller) => ({
      url: '/api/gifts/create-payment-stripe',
      payload: {
        ...(['user', 'editor', 'editorAdmin'].includes(caller)
          ? { type: 'plan', planKey: 'premium', months: 3 }
          : { type: 'pack', packId: ctx.ids.openPack }),
        recipientEmail: 'amiga@example.com',
        message: 'Para ti, con cariño.',
        immediateAccessConsent: true,
      },
    }),
    expected: signedIn(201),
  },
  {
    route: 'GET /api/gifts/verify-session/:sessionId',
    request: async (ctx, caller) => {
      const id = callerId(ctx, caller);
      const tx = id
        ? await ownTransaction(ctx.db, id, 'pack', ctx.ids.openPack, true)
        : { sessionId: UNKNOWN_SIM_SESSION };
      return { url: `/api/gifts/verify-session/${tx.sessionId}` };
    },
    expected: signedIn(200),
  },
];
