import { z } from 'zod';

/** A session ends after this long from its sign-in, however often it is renewed. */
export const SESSION_ABSOLUTE_DAYS = 30;
/** …and after this long without a renewal (the client renews every 5 minutes while open). */
export const SESSION_IDLE_DAYS = 7;

export const SESSION_MESSAGES = {
  loggedOut: 'Sesión cerrada',
  sessionEnded: 'Sesión cerrada',
  othersEnded: 'Se cerraron las demás sesiones',
  sessionNotFound: 'Sesión no encontrada',
} as const;

export const ZSession = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type TSession = z.infer<typeof ZSession>;

export const ZSessionsResponse = z.object({
  success: z.literal(true),
  sessions: z.array(ZSession),
});
export type TSessionsResponse = z.infer<typeof ZSessionsResponse>;

export { ZIdParams as ZSessionIdParams } from './ids';

export const ZRevokeOthersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number().int(),
});
export type TRevokeOthersResponse = z.infer<typeof ZRevokeOthersResponse>;
