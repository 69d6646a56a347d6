import { z } from 'zod';
import { GLOBAL_MESSAGE_MAX, MESSAGE_TYPES, type TGlobalMessage } from './global-message-types';
import { MSG } from './messages';

// Still importable from here; code on the landing imports them from global-message-types so
// that Zod stays out of the landing's first download.
export {
  GLOBAL_MESSAGE_MAX,
  MESSAGE_TYPE_COLORS,
  MESSAGE_TYPES,
  type MessageType,
} from './global-message-types';

export const MESSAGE_ACTIVE_REQUIRED = 'Indica si el mensaje está activo';

const ZMessageText = z
  .string({ error: MSG.messageEmpty })
  .trim()
  .min(1, MSG.messageEmpty)
  .max(GLOBAL_MESSAGE_MAX, MSG.messageTooLong);
const ZMessageType = z.enum(MESSAGE_TYPES, { error: MSG.messageType });

/** What is wrong with showing a message until `endsAt`, or null: it must be ahead of `now`. The
 * form and the route both ask; the request's schema has no trustworthy clock (it passes null),
 * so the server checks "ahead" with its own. */
export function messageEndsAtProblem(endsAt: Date, now: Date | null): string | null {
  if (Number.isNaN(endsAt.getTime())) return MSG.messageEndsAtInvalid;
  if (now && endsAt.getTime() <= now.getTime()) return MSG.messageEndsAtFuture;
  return null;
}

/** "Mostrar hasta" on the wire: an ISO date-time with its offset, or null for no end. */
const ZEndsAt = z.iso.datetime({ offset: true, error: MSG.messageEndsAtInvalid }).nullable();

/** POST /api/admin/messages. */
export const ZGlobalMessageRequest = z.object({
  text: ZMessageText,
  type: ZMessageType,
  active: z.boolean().default(true),
  endsAt: ZEndsAt.default(null),
});
export type TGlobalMessageRequest = z.infer<typeof ZGlobalMessageRequest>;

/** PUT /api/admin/messages/{id}: an edit that leaves out `active` keeps the current state, so
 * editing a paused message does not publish it by surprise; one that leaves out `endsAt` keeps
 * its end (null removes it). */
export const ZGlobalMessageUpdateRequest = z.object({
  text: ZMessageText,
  type: ZMessageType,
  active: z.boolean().optional(),
  endsAt: ZEndsAt.optional(),
});
export type TGlobalMessageUpdateRequest = z.infer<typeof ZGlobalMessageUpdateRequest>;

/** PATCH /api/admin/messages/{id}. */
export const ZGlobalMessageActiveRequest = z.object({
  active: z.boolean({ error: MESSAGE_ACTIVE_REQUIRED }),
});
export type TGlobalMessageActiveRequest = z.infer<typeof ZGlobalMessageActiveRequest>;

/** SPEC.md's Global message: `id` (not `_id`), as SPEC.md §3 names it. */
export const ZGlobalMessage = z.object({
  id: z.uuid(),
  text: z.string(),
  type: z.enum(MESSAGE_TYPES),
  active: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  endsAt: z.iso.datetime().nullable(),
}) satisfies z.ZodType<TGlobalMessage>;

/** The admin's form: "Mostrar hasta" as a datetime-local field gives it (local time, '' for no
 * end), checked against the browser's clock, and sent as an ISO date-time or null. */
export const ZGlobalMessageForm = z
  .object({
    text: ZMessageText,
    type: ZMessageType,
    active: z.boolean().default(true),
    endsAt: z.string().max(40, MSG.messageEndsAtInvalid).default(''),
  })
  .superRefine((values, ctx) => {
    if (values.endsAt === '') return;
    const problem = messageEndsAtProblem(new Date(values.endsAt), new Date());
    if (problem) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: problem });
  })
  .transform((values) => ({
    ...values,
    endsAt: values.endsAt === '' ? null : new Date(values.endsAt).toISOString(),
  }));

/** GET /api/messages (active ones, newest first) and GET /api/admin/messages (all). */
export const ZGlobalMessageListResponse = z.object({
  success: z.literal(true),
  messages: z.array(ZGlobalMessage),
});

/** POST, PUT and PATCH answer the message as it now is. */
export const ZGlobalMessageResponse = z.object({
  success: z.literal(true),
  data: ZGlobalMessage,
});
export type TGlobalMessageResponse = z.infer<typeof ZGlobalMessageResponse>;

export const ZGlobalMessageDeleteResponse = z.object({ success: z.literal(true) });
export type TGlobalMessageDeleteResponse = z.infer<typeof ZGlobalMessageDeleteResponse>;
