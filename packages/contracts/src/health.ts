import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
