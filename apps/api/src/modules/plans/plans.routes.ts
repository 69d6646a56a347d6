import { ZIdParams, ZSuccessMessage } from '@magotips/contracts/ids';
import { MSG } from '@magotips/contracts/messages';
import {
  planUpdateSchema,
  ZPlanRequest,
  ZPlanResponse,
  ZPlansResponse,
  ZPlanUpdateRequest,
} from '@magotips/contracts/subscription-plans';
import type { FastifyInstance } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { sendJsonText, toJsonText } from '../../lib/json-text';
import type { ModuleDeps } from '../../module-deps';
import { createPlansRepository } from './plans.repository';
import { createPlansService } from './plans.service';

const bearer = [{ bearerAuth: [] }];

/** PUT's body is a union (documented as such) but validated against the one branch it answers
 * to, so a full plan with a bad field gets that field's Spanish message. */
function planUpdateValidator<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // Fastify passes each part's own schema here, though it types it as the whole route's.
  const part = { ...route, schema: route.schema as unknown as ZodType };
  if (route.httpPart !== 'body') return validatorCompiler(part);
  return (data) => validatorCompiler({ ...part, schema: planUpdateSchema(data) })(data);
}

export async function plansRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const plans = createPlansService({ repo: createPlansRepository(deps.db) });
  // SPEC.md §6: plan management needs BOTH roles, for reading the admin list too.
  const editorAndAdmin = deps.guards.requireAllRoles(['editor', 'admin'], MSG.bothRolesRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/subscriptions/plans',
    {
      config: { publicCache: 'always' },
      schema: {
        tags: ['plans'],
        summary: 'Planes de suscripción activos (público)',
        response: { 200: ZPlansResponse },
      },
    },
    async (_request, reply) => {
      const text = await deps.readCache.get('plans:active', async () =>
        toJsonText(ZPlansResponse, await plans.listActive()),
      );
      return sendJsonText(reply, text);
    },
  );

  r.get(
    '/api/subscriptions/admin/planes',
    {
      preValidation: editorAndAdmin,
      schema: {
        tags: ['plans'],
        summary: 'Todos los planes, activos e inactivos (editor y admin)',
        security: bearer,
        response: { 200: ZPlansResponse },
      },
    },
    async () => plans.listAll(),
  );

  r.post(
    '/api/subscriptions/admin/planes',
    {
      preValidation: editorAndAdmin,
      schema: {
        tags: ['plans'],
        summary: 'Crear un plan (editor y admin)',
        description: '409 PLAN_KEY_TAKEN si la clave ya existe.',
        security: bearer,
        body: ZPlanRequest,
        response: { 201: ZPlanResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await plans.create(request.body)),
  );

  r.put(
    '/api/subscriptions/admin/planes/:id',
    {
      preValidation: editorAndAdmin,
      validatorCompiler: planUpdateValidator,
      schema: {
        tags: ['plans'],
        summary: 'Editar un plan, o solo activarlo/desactivarlo con { isActive } (editor y admin)',
        security: bearer,
        params: ZIdParams,
        body: ZPlanUpdateRequest,
        response: { 200: ZPlanResponse },
      },
    },
    async (request) => plans.update(request.params.id, request.body),
  );

  r.delete(
    '/api/subscriptions/admin/planes/:id',
    {
      preValidation: editorAndAdmin,
      schema: {
        tags: ['plans'],
        summary: 'Eliminar un plan sin suscripciones ni pagos (editor y admin)',
        description: '409 PLAN_IN_USE si tiene suscripciones o pagos: desactívalo en su lugar.',
        security: bearer,
        params: ZIdParams,
        response: { 200: ZSuccessMessage },
      },
    },
    async (request) => plans.remove(request.params.id),
  );
}
