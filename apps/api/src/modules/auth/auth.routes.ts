import {
  ZAuthResponse,
  ZChangePasswordResponse,
  ZDeleteAccountRequest,
  ZEmailOnlyRequest,
  ZLoginRequest,
  ZMessageResponse,
  ZResendVerificationRequest,
  ZResetTokenCheckRequest,
} from '@magotips/contracts/auth';
import { ZChangePasswordRequest, ZResetPasswordRequest } from '@magotips/contracts/new-password';
import {
  ZRevokeOthersResponse,
  ZSessionIdParams,
  ZSessionsResponse,
} from '@magotips/contracts/sessions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { byBodyEmail, byIp, byUser, type RateLimitRule } from '../../plugins/rate-limit';
import { errors, sessionMeta } from './auth-route-parts';
import { createAuthService } from './auth.service';
import { credentialFailureLogs } from './credential-failure';
import { profileRoutes } from './profile.routes';
import { registrationRoutes } from './registration.routes';
import { createSessionRenewal } from './session-renewal';
import { createSessionsService } from './sessions.service';

const MINUTE = 60_000;

/** Limits per IP and per e-mail (or per user when signed in). Sign-in attempts that succeed
 * give their slot back: the limits stop guessing, not people who use the site. */
export const AUTH_LIMITS = {
  login: [
    { name: 'login:ip', max: 10, windowMs: MINUTE, subject: byIp, failuresOnly: true },
    {
      name: 'login:email',
      max: 5,
      windowMs: 15 * MINUTE,
      subject: byBodyEmail,
      failuresOnly: true,
    },
  ],
  register: [
    { name: 'register:ip', max: 10, windowMs: 60 * MINUTE, subject: byIp },
    { name: 'register:email', max: 5, windowMs: 60 * MINUTE, subject: byBodyEmail },
  ],
  // These two send mail: the per-e-mail limit keeps anyone from flooding a stranger's inbox.
  forgotPassword: [
    { name: 'forgot:ip', max: 10, windowMs: 15 * MINUTE, subject: byIp },
    { name: 'forgot:email', max: 3, windowMs: 15 * MINUTE, subject: byBodyEmail },
  ],
  resendVerification: [
    { name: 'resend:ip', max: 10, windowMs: 15 * MINUTE, subject: byIp },
    { name: 'resend:email', max: 3, windowMs: 15 * MINUTE, subject: byBodyEmail },
  ],
  // Links carry 256 random bits, so guessing is hopeless; this only caps the work per caller.
  emailLink: [{ name: 'email-link:ip', max: 30, windowMs: 15 * MINUTE, subject: byIp }],
  // A stolen session must not become a way to guess the password behind it.
  passwordCheck: [
    {
      name: 'password-check:user',
      max: 5,
      windowMs: 15 * MINUTE,
      subject: byUser,
      failuresOnly: true,
    },
  ],
} satisfies Record<string, RateLimitRule[]>;

// Posts that change nothing another read shows (a session token, an e-mail with a link): they
// must not empty the instance's read cache, or every 5-minute session renewal would (app.ts).
const LEAVES_READS_ALONE = { leavesReadsAlone: true };

const bearer = [{ bearerAuth: [] }];

export async function authRoutes(parent: FastifyInstance, deps: ModuleDeps) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const sessions = createSessionsService({
    db: deps.db,
    tokens: deps.tokens,
    clock: deps.clock,
    readCache: deps.readCache,
  });
  const auth = createAuthService({
    sessions,
    db: deps.db,
    users: deps.users,
    tokens: deps.tokens,
    mailer: deps.mailer,
    clock: deps.clock,
    config: deps.config,
  });
  const renewal = createSessionRenewal({
    tokens: deps.tokens,
    users: deps.users,
    clock: deps.clock,
  });
  const { authenticate, requireAuth } = deps.guards;
  const limit = (rules: RateLimitRule[]) => deps.rateLimiter.hooks(rules);
  const loginLimit = limit(AUTH_LIMITS.login);
  const forgotLimit = limit(AUTH_LIMITS.forgotPassword);
  const resendLimit = limit(AUTH_LIMITS.resendVerification);
  const linkLimit = limit(AUTH_LIMITS.emailLink);
  const passwordLimit = limit(AUTH_LIMITS.passwordCheck);
  const failureLogs = credentialFailureLogs(deps.config.jwtSecret);

  await registrationRoutes(app, deps, auth, AUTH_LIMITS);
  await profileRoutes(app, deps);

  app.post(
    '/api/auth/resend-verification',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['auth'],
        summary:
          'Reenvía el enlace de confirmación (misma respuesta exista o no la cuenta); `next` viaja en el enlace',
        body: ZResendVerificationRequest,
        response: { 200: ZMessageResponse, ...errors(400, 429) },
      },
      ...resendLimit,
    },
    async (request) => auth.resendVerification(request.body.email, request.body.next),
  );

  app.post(
    '/api/auth/login',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['auth'],
        summary: 'Inicia sesión: devuelve el usuario y un token de 15 minutos',
        body: ZLoginRequest,
        response: { 200: ZAuthResponse, ...errors(400, 401, 403, 429) },
      },
      ...loginLimit,
      onError: failureLogs.login,
    },
    async (request) => auth.login(request.body.email, request.body.password, sessionMeta(request)),
  );

  app.post(
    '/api/auth/me_verify',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['auth'],
        summary:
          'Valida la sesión actual y devuelve el usuario con un token renovado (acepta el token caducado de una sesión aún renovable)',
        security: bearer,
        response: { 200: ZAuthResponse, ...errors(401) },
      },
    },
    // Not `authenticate`: the stored token of a browser closed for a while has expired, and
    // its session may still be renewed (session-renewal.ts).
    async (request) => {
      const caller = await renewal.caller(request);
      return sessions.renew(caller.account, caller.sessionId, sessionMeta(request), {
        expiredIssuedAt: caller.expiredIssuedAt,
      });
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['auth'],
        summary:
          'Renueva el token de la misma sesión (el cliente lo llama cada 5 minutos), aunque el token haya caducado; 401 pasados 30 días desde el inicio de sesión o 7 días sin uso, o con la sesión cerrada',
        security: bearer,
        response: { 200: ZAuthResponse, ...errors(401) },
      },
    },
    async (request) => {
      const caller = await renewal.caller(request);
      return sessions.renew(caller.account, caller.sessionId, sessionMeta(request), {
        expiredIssuedAt: caller.expiredIssuedAt,
      });
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['auth'],
        summary:
          'Envía un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        body: ZEmailOnlyRequest,
        response: { 200: ZMessageResponse, ...errors(400, 429) },
      },
      ...forgotLimit,
    },
    async (request) => auth.forgotPassword(request.body.email),
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Fija una nueva contraseña con el token del enlace (un solo uso, 1 h); cierra todas las sesiones',
        body: ZResetPasswordRequest,
        response: { 200: ZMessageResponse, ...errors(400, 429) },
      },
      ...linkLimit,
    },
    async (request) => auth.resetPassword(request.body),
  );

  app.post(
    '/api/auth/validate-reset-token',
    {
      config: LEAVES_READS_ALONE,
      schema: {
        tags: ['auth'],
        summary:
          'Comprueba, sin usarlo, si un enlace para restablecer la contraseña sigue siendo válido (la página lo pregunta al abrirse)',
        body: ZResetTokenCheckRequest,
        response: { 200: ZMessageResponse, ...errors(400, 429) },
      },
      ...linkLimit,
    },
    async (request) => auth.checkResetToken(request.body.token),
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Cambia la contraseña; cierra las demás sesiones y devuelve un token nuevo para esta',
        security: bearer,
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordResponse, ...errors(400, 401, 429) },
      },
      // Signed in first: a visitor gets 401, whatever the body.
      onRequest: authenticate,
      ...passwordLimit,
      onError: failureLogs.passwordCheck,
    },
    async (request) => {
      const caller = requireAuth(request);
      return auth.changePassword(
        caller.account,
        caller.sessionId,
        sessionMeta(request),
        request.body,
      );
    },
  );

  app.delete(
    '/api/auth/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Elimina la cuenta y los datos personales (los pagos se conservan anonimizados)',
        security: bearer,
        body: ZDeleteAccountRequest,
        response: { 200: ZMessageResponse, ...errors(400, 401, 409, 429) },
      },
      // Signed in first: a visitor gets 401, whatever the body.
      onRequest: authenticate,
      ...passwordLimit,
      onError: failureLogs.passwordCheck,
    },
    async (request) => auth.deleteAccount(requireAuth(request).account, request.body),
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Cierra la sesión actual en el servidor (idempotente; también con el token caducado de la sesión)',
        security: bearer,
        response: { 200: ZMessageResponse, ...errors(401) },
      },
      // No session check: an already ended session answers 200 too (idempotent). An expired
      // token still closes its session, which could otherwise be renewed (session-renewal.ts).
      onRequest: async (request) => {
        await renewal.claims(request);
      },
    },
    async (request) => {
      const claims = await renewal.claims(request);
      return sessions.logout(claims.userId, claims.sessionId);
    },
  );

  app.get(
    '/api/auth/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sesiones activas de quien llama (la actual marcada con current)',
        security: bearer,
        response: { 200: ZSessionsResponse, ...errors(401) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = requireAuth(request);
      return sessions.list(caller.userId, caller.sessionId);
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cierra una de las sesiones propias (404 si no es de quien llama)',
        security: bearer,
        params: ZSessionIdParams,
        response: { 200: ZMessageResponse, ...errors(400, 401, 404) },
      },
      onRequest: authenticate,
    },
    async (request) => sessions.end(requireAuth(request).userId, request.params.id),
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      schema: {
        tags: ['auth'],
        summary: 'Cierra todas las sesiones propias salvo la actual',
        security: bearer,
        response: { 200: ZRevokeOthersResponse, ...errors(401) },
      },
      onRequest: authenticate,
    },
    async (request) => {
      const caller = requireAuth(request);
      return sessions.endOthers(caller.userId, caller.sessionId);
    },
  );
}
