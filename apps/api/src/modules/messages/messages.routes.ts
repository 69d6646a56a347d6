import { ZErrorResponse } from '@magotips/contracts/error-response';
import {
  ZGlobalMessageActiveRequest,
  ZGlobalMessageDeleteResponse,
  ZGlobalMessageListResponse,
  ZGlobalMessageRequest,
  ZGlobalMessageResponse,
  ZGlobalMessageUpdateRequest,
} from '@magotips/contracts/global-messages';
import { MSG } from '@magotips/contracts/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../module-deps';
import { createMessagesRepository } from './messages.repository';
import { createMessagesService } from './messages.service';

// The service checks the id, so a malformed one gets SPEC.md's 'Mensaje no encontrado'.
const ZIdParams = z.object({ id: z.string().max(100) });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

export async function messagesRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const messages = createMessagesService({
    messages: createMessagesRepository(deps.db),
    clock: deps.clock,
  });
  // Checked before validation: someone who is not an admin learns nothing about the inputs.
  const adminOnly = deps.guards.requireAnyRole(['admin'], MSG.adminRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { tags: ['messages'], security: [{ bearerAuth: [] }] };

  r.get(
    '/api/messages',
    {
      schema: {
        tags: ['messages'],
        summary: 'Mensajes globales activos, del más reciente al más antiguo',
        response: { 200: ZGlobalMessageListResponse },
      },
    },
    async () => messages.listActive(),
  );

  r.get(
    '/api/admin/messages',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary: 'Todos los mensajes globales',
        response: { 200: ZGlobalMessageListResponse, ...errors },
      },
    },
    async () => messages.listAll(),
  );

  r.post(
    '/api/admin/messages',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary: 'Crear un mensaje global',
        body: ZGlobalMessageRequest,
        response: { 201: ZGlobalMessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const created = await messages.create(request.body, deps.guards.requireAuth(request).userId);
      return reply.status(201).send(created);
    },
  );

  r.put(
    '/api/admin/messages/:id',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary: 'Editar texto, tipo y (opcionalmente) estado de un mensaje',
        params: ZIdParams,
        body: ZGlobalMessageUpdateRequest,
        response: { 200: ZGlobalMessageResponse, ...errors },
      },
    },
    async (request) => messages.update(request.params.id, request.body),
  );

  r.patch(
    '/api/admin/messages/:id',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary: 'Activar o desactivar un mensaje',
        params: ZIdParams,
        body: ZGlobalMessageActiveRequest,
        response: { 200: ZGlobalMessageResponse, ...errors },
      },
    },
    async (request) => messages.setActive(request.params.id, request.body),
  );

  r.delete(
    '/api/admin/messages/:id',
    {
      preValidation: adminOnly,
      schema: {
        ...admin,
        summary: 'Eliminar un mensaje',
        params: ZIdParams,
        response: { 200: ZGlobalMessageDeleteResponse, ...errors },
      },
    },
    async (request) => messages.remove(request.params.id),
  );
}
