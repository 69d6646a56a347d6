import { readAttribution } from '../../plugins/attribution';
import {
  ZMessageResponse,
  ZVerifyEmailRequest,
  ZVerifyEmailResponse,
} from '@magotips/contracts/auth';
import { registerRequestOn } from '@magotips/contracts/new-password';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import type { RateLimitRule } from '../../plugins/rate-limit';
import { bindingCookieOptions, readSignedCookie, useSignedCookies } from './auth-cookies';
import { errors, sessionMeta } from './auth-route-parts';
import type { AuthService } from './auth.service';
import {
  createRegistrationBindings,
  REGISTRATION_COOKIE,
  REGISTRATION_COOKIE_PATH,
  REGISTRATION_COOKIE_PURPOSE,
  REGISTRATION_TTL_MS,
} from './registration-cookie';

type Limits = { register: RateLimitRule[]; emailLink: RateLimitRule[] };

/**
 * Sign-up and its confirmation link. The sign-up binds the browser that made it with a cookie
 * (registration-cookie.ts); the link signs in that browser only and, anywhere else, confirms
 * the address without a session (decision 0082).
 */
export async function registrationRoutes(
  parent: FastifyInstance,
  deps: ModuleDeps,
  auth: AuthService,
  limits: Limits,
): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  await useSignedCookies(app, deps.config.jwtSecret, REGISTRATION_COOKIE_PURPOSE);
  const bindings = createRegistrationBindings(deps.config.jwtSecret);
  const cookieOptions = bindingCookieOptions(REGISTRATION_COOKIE_PATH, deps.config.isProduction);

  app.post(
    '/api/auth/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Registro con email y contraseña (mayores de 21); envía el email de confirmación',
        description:
          'Un email que ya tiene cuenta recibe la misma respuesta que uno nuevo (nadie averigua quién es cliente); su dueño recibe un aviso con enlaces para iniciar sesión y elegir una contraseña nueva. La respuesta deja en el navegador la cookie httpOnly `magotips_registration` (solo para /api/auth/verify-email): el enlace de confirmación inicia sesión solo en ese navegador.',
        // The 21+ rule is checked on the app's clock, the same one the service uses.
        body: registerRequestOn(deps.clock),
        response: { 201: ZMessageResponse, ...errors(400, 409, 429, 502) },
      },
      ...deps.rateLimiter.hooks(limits.register),
    },
    async (request, reply) => {
      const { answer, userId } = await auth.register(request.body, readAttribution(request));
      const now = deps.clock();
      // A cookie in every 201, real or not: its presence must not tell who is a customer.
      const value = userId ? bindings.forAccount(userId, now) : bindings.decoy(now);
      reply.setCookie(REGISTRATION_COOKIE, value, {
        ...cookieOptions,
        signed: true,
        maxAge: REGISTRATION_TTL_MS / 1000,
      });
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Confirma el email con el token del enlace (un solo uso, 48 h). Solo el navegador que hizo el registro (su cookie `magotips_registration`) inicia sesión: `signedIn: true` con el usuario y un token como el login; en cualquier otro, `signedIn: false` y se inicia sesión con la contraseña. Ambas respuestas traen el email de la cuenta confirmada',
        body: ZVerifyEmailRequest,
        response: { 200: ZVerifyEmailResponse, ...errors(400, 429) },
      },
      ...deps.rateLimiter.hooks(limits.emailLink),
    },
    async (request, reply) => {
      const binding = readSignedCookie(request, REGISTRATION_COOKIE);
      const now = deps.clock();
      const answer = await auth.verifyEmail(request.body.token, sessionMeta(request), (userId) =>
        bindings.binds(binding, userId, now),
      );
      // Spent with the session it gave; a cookie that did not match stays, as it may belong to
      // this browser's own sign-up, still waiting for its link.
      if (answer.signedIn) reply.clearCookie(REGISTRATION_COOKIE, cookieOptions);
      // A session token in the body: no cache may keep it.
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );
}
