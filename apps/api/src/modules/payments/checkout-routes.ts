import { hasAttribution, readAttribution } from '../../plugins/attribution';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  type TPaymentCreateResponse,
  ZPaymentCreateResponse,
  ZTransactionResponse,
} from '@magotips/contracts/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { ModuleDeps } from '../../module-deps';
import { ensureNotPaused } from '../users/user-pause';
import type { UserAccount } from '../users/users.repository';
import { comingSoon } from './checkout.service';
import { ZSessionIdParams, ZTransactionParams } from './payment-params';
import { CHECKOUT_CREATION_LIMIT } from './payments-kit';
import type { TransactionKind } from './payments.repository';

const bearer = [{ bearerAuth: [] }];

export type CheckoutRoutesSpec<B extends z.ZodType> = {
  /** Where the product's calls live (SPEC.md §7): '/api/packs', '/api/subscriptions'… */
  base: string;
  tag: string;
  /** `POST {base}/create-payment-stripe`: opens the product's checkout for the caller. */
  create: {
    summary: string;
    description: string;
    body: B;
    run(account: UserAccount, input: z.output<B>): Promise<TPaymentCreateResponse>;
  };
  /** `POST {base}/create-payment-paypal|mercadopago`, refused as "coming soon" (SPEC.md §8);
   * the argument is the provider's name as a person reads it. */
  comingSoon?: (provider: string) => string;
  /** `GET {base}/check-payment/:transactionId` and `verify-session/:sessionId` of the caller's
   * own transactions of `kind`; `noun` names it in the summaries. */
  status?: { kind: TransactionKind; noun: string };
};

/** The calls every product's checkout has, written once: the same sign-in, the same budget of
 * checkouts per user, the same answers and errors, whatever is sold. */
export function checkoutRoutes<B extends z.ZodType>(
  app: FastifyInstance,
  deps: Pick<ModuleDeps, 'guards' | 'payments' | 'rateLimiter'>,
  spec: CheckoutRoutesSpec<B>,
): void {
  const { checkout } = deps.payments;
  const signedIn = deps.guards.authenticate;
  // The same budget for every checkout: each one is a call to the provider.
  const createLimit = deps.rateLimiter.hooks([CHECKOUT_CREATION_LIMIT]);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${spec.base}/create-payment-stripe`,
    {
      preValidation: signedIn,
      preHandler: createLimit.preHandler,
      onResponse: createLimit.onResponse,
      schema: {
        tags: [spec.tag],
        summary: spec.create.summary,
        description: spec.create.description,
        security: bearer,
        body: spec.create.body,
        response: { 201: ZPaymentCreateResponse, 409: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = deps.guards.requireAuth(request);
      // A paused account buys and gifts nothing (decision 0116): 409 PAUSED before the product
      // looks at anything, so no provider is called (an earlier checkout is not even closed).
      ensureNotPaused(auth.account.user, deps.payments.clock());
      // Validated by spec.create.body, this route's schema: its output. TypeScript cannot
      // resolve the type provider's conditional body type for a schema that is a parameter.
      const input = request.body as z.output<B>;
      // The origin the transaction records (decision 0118): this browser's first visit when its
      // cookie is still there, else the one the account was opened with.
      const origin = readAttribution(request);
      const account = hasAttribution(origin)
        ? { ...auth.account, user: { ...auth.account.user, ...origin } }
        : auth.account;
      return reply.status(201).send(await spec.create.run(account, input));
    },
  );

  const soon = spec.comingSoon;
  if (soon) {
    for (const [method, name] of [
      ['paypal', 'PayPal'],
      ['mercadopago', 'Mercado Pago'],
    ] as const) {
      r.post(
        `${spec.base}/create-payment-${method}`,
        {
          preValidation: signedIn,
          schema: { tags: [spec.tag], summary: soon(name), security: bearer },
        },
        async () => {
          throw comingSoon(method) ?? AppError.badRequest();
        },
      );
    }
  }

  const status = spec.status;
  if (!status) return;
  r.get(
    `${spec.base}/check-payment/:transactionId`,
    {
      preValidation: signedIn,
      schema: {
        tags: [spec.tag],
        summary: `Estado de un pago de ${status.noun} propio (consulta al proveedor si sigue pendiente)`,
        description: '404 si la transacción no existe o es de otro usuario.',
        security: bearer,
        params: ZTransactionParams,
        response: { 200: ZTransactionResponse },
      },
    },
    async (request) => {
      const { userId } = deps.guards.requireAuth(request);
      return checkout.verified(
        await checkout.own(userId, request.params.transactionId, status.kind),
      );
    },
  );

  r.get(
    `${spec.base}/verify-session/:sessionId`,
    {
      preValidation: signedIn,
      schema: {
        tags: [spec.tag],
        summary: `Verificar un pago de ${status.noun} por el session_id de la página de pago exitoso`,
        security: bearer,
        params: ZSessionIdParams,
        response: { 200: ZTransactionResponse },
      },
    },
    async (request) => {
      const { userId } = deps.guards.requireAuth(request);
      return checkout.verified(
        await checkout.ownBySession(userId, request.params.sessionId, status.kind),
      );
    },
  );
}
