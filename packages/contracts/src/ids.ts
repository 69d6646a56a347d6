import { z } from 'zod';
import { MSG } from './messages';

/** Path parameter `{id}` of every resource: a malformed id is a Spanish 400, never a 500. */
export const ZIdParams = z.object({ id: z.uuid({ error: MSG.invalidId }) });
export type TIdParams = z.infer<typeof ZIdParams>;

/** The answer of a DELETE (and of any change that returns nothing else). */
export const ZSuccessMessage = z.object({ success: z.literal(true), message: z.string() });
export type TSuccessMessage = z.infer<typeof ZSuccessMessage>;
