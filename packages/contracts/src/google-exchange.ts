import { z } from 'zod';

/** POST /api/auth/google/exchange: the one-time code of /auth/callback?code=… (a base64url
 * string of 32 random bytes; generous bounds so only junk is refused before the lookup). */
export const ZGoogleExchangeRequest = z.object({
  code: z
    .string({ error: 'Falta el código de acceso con Google.' })
    .min(1, 'Falta el código de acceso con Google.')
    .max(200, 'El código de acceso con Google no es válido.'),
});
export type TGoogleExchangeRequest = z.infer<typeof ZGoogleExchangeRequest>;
