import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'error']),
  /** Only when the service uses Redis (REDIS_URL) for its shared rate-limit counters. */
  redis: z.enum(['ok', 'error']).optional(),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
