import { z } from 'zod';

/** The one error body every failing API call returns. */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
