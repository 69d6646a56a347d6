import { z } from 'zod';

// Only what the client reads from the stored user so far; the full user contract arrives with
// login and registration. Unknown fields are kept so nothing the server sent is lost.
export const ZSessionUser = z.looseObject({
  _id: z.string().min(1),
  email: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  roles: z.array(z.looseObject({ name: z.string() })).default([]),
  subscription: z
    .looseObject({
      hasActiveSubscription: z.boolean(),
      plan: z.string().optional(),
    })
    .optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;
