import { ZErrorResponse } from '@magotips/contracts/error-response';
import { MSG } from '@magotips/contracts/messages';
import {
  VERIFICATION_DEFAULT_WINDOW_DAYS,
  type VerificationType,
  ZLatestVerificationResponse,
  ZVerificationHistoryQuery,
  ZVerificationHistoryResponse,
  ZVerificationPeriodQuery,
  ZVerificationResponse,
} from '@magotips/contracts/verification';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { displayName } from './admin-name';
import type { FinancialDataSource } from './financial-data-source';
import { createSimulatedDataSource } from './simulated-data-source';
import { createStripeClient } from '../../lib/stripe-client';
import { createStripeDataSource } from './stripe-data-source';
import { createVerificationRepository } from './verification.repository';
import { createVerificationService } from './verification.service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/** Stripe when a key is configured; otherwise the figures derived from our own payments. */
function dataSourceFor(deps: ModuleDeps): FinancialDataSource {
  const stripe = deps.config.stripe;
  if (stripe) return createStripeDataSource(createStripeClient(stripe), deps.clock);
  return createSimulatedDataSource(deps.db, deps.clock);
}

const CHECKS: { path: string; type: Exclude<VerificationType, 'period'>; summary: string }[] = [
  {
    path: 'summary',
    type: 'full',
    summary: 'Verificación completa: balance, pagos retenidos y transferencias',
  },
  {
    path: 'balance',
    type: 'balance',
    summary: 'Verificación de balance (cobros, comisiones y saldo pendiente)',
  },
  {
    path: 'payments',
    type: 'payments',
    summary: 'Verificación de pagos retenidos (disputas abiertas)',
  },
  { path: 'payouts', type: 'payouts', summary: 'Verificación de transferencias al banco' },
];

/** /api/stripe-verification/* (SPEC.md §7): admins only. Each check reads the provider, compares
 * its charges with our completed payments, stores the record and answers it. */
export async function verificationRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const service = createVerificationService({
    repo: createVerificationRepository(deps.db),
    source: dataSourceFor(deps),
    clock: deps.clock,
    onProviderError: (part, error) =>
      app.log.warn({ err: error, part }, 'financial provider read failed'),
  });
  // Checked before validation: someone who is not an admin learns nothing about the inputs.
  const adminOnly = deps.guards.requireAnyRole(['admin'], MSG.adminRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = (request: FastifyRequest) => {
    const auth = deps.guards.requireAuth(request);
    return { id: auth.userId, username: displayName(auth.account.user) };
  };

  r.get(
    '/api/stripe-verification/latest',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['stripe-verification'],
        summary: 'Última verificación guardada (null si no hay ninguna)',
        security: [{ bearerAuth: [] }],
        response: { 200: ZLatestVerificationResponse, ...errors },
      },
    },
    async () => service.latest(),
  );

  r.get(
    '/api/stripe-verification/history',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['stripe-verification'],
        summary: 'Verificaciones guardadas, la más reciente primero',
        security: [{ bearerAuth: [] }],
        querystring: ZVerificationHistoryQuery,
        response: { 200: ZVerificationHistoryResponse, ...errors },
      },
    },
    async (request) => service.history(request.query.limit),
  );

  for (const check of CHECKS) {
    r.get(
      `/api/stripe-verification/${check.path}`,
      {
        preValidation: adminOnly,
        schema: {
          tags: ['stripe-verification'],
          summary: `${check.summary}, últimos ${VERIFICATION_DEFAULT_WINDOW_DAYS} días`,
          security: [{ bearerAuth: [] }],
          response: { 200: ZVerificationResponse, ...errors },
        },
      },
      async (request) => service.verify(check.type, admin(request)),
    );
  }

  r.get(
    '/api/stripe-verification/period',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['stripe-verification'],
        summary: 'Verificación completa de un periodo (fechas AAAA-MM-DD, días UTC)',
        security: [{ bearerAuth: [] }],
        querystring: ZVerificationPeriodQuery,
        response: { 200: ZVerificationResponse, ...errors },
      },
    },
    async (request) =>
      service.verifyPeriod(admin(request), request.query.startDate, request.query.endDate),
  );
}
