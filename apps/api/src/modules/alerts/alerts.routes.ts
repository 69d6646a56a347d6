import { ZAlertPreferences, ZAlertPreferencesResponse } from '@magotips/contracts/alerts';
import { ZErrorResponse } from '@magotips/contracts/error-response';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { createAlertPreferencesRepository } from './alert-preferences.repository';
import { createAlertPreferencesService } from './alert-preferences.service';

const bearer = [{ bearerAuth: [] }];
const errors = { 400: ZErrorResponse, 401: ZErrorResponse };

/** Alerts of new tips (issue 15, decision 0042): a reader's preferences. */
export async function alertsRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const prefsRepo = createAlertPreferencesRepository(deps.db);
  const preferences = createAlertPreferencesService({ prefs: prefsRepo, clock: deps.clock });
  const signedIn = deps.guards.authenticate;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/alerts/preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'Mis preferencias de avisos de nuevos tips',
        description:
          'Sin preferencias guardadas todo está desactivado. `vipEligible`: si hoy recibiría avisos de tips VIP (suscripción activa, un pack comprado, o rol editor/admin).',
        security: bearer,
        response: { 200: ZAlertPreferencesResponse, ...errors },
      },
    },
    async (request) => preferences.get(deps.guards.requireAuth(request)),
  );

  r.put(
    '/api/alerts/preferences',
    {
      preValidation: signedIn,
      schema: {
        tags: ['alerts'],
        summary: 'Guardar mis preferencias de avisos',
        description:
          'Los cuatro interruptores (e-mail y push, tips gratis y VIP). Un interruptor VIP de quien aún no puede leer tips VIP se guarda, pero no envía nada hasta que pueda.',
        security: bearer,
        body: ZAlertPreferences,
        response: { 200: ZAlertPreferencesResponse, ...errors },
      },
    },
    async (request) => preferences.save(deps.guards.requireAuth(request), request.body),
  );
}
