import {
  GLOBAL_MESSAGES_PUBLIC_LIMIT,
  type TGlobalMessage,
  type TGlobalMessageListResponse,
} from '@magotips/contracts/global-message-types';
import {
  messageEndsAtProblem,
  type TGlobalMessageActiveRequest,
  type TGlobalMessageRequest,
  type TGlobalMessageResponse,
  type TGlobalMessageUpdateRequest,
} from '@magotips/contracts/global-messages';
import { ERROR_CODES } from '@magotips/contracts/http-errors';
import { MSG } from '@magotips/contracts/messages';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { GlobalMessageRow, MessagesRepository } from './messages.repository';

const ZId = z.uuid();

function toGlobalMessage(row: GlobalMessageRow): TGlobalMessage {
  return {
    id: row.id,
    text: row.text,
    type: row.type,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

function notFound(): AppError {
  return AppError.notFound(MSG.messageNotFound);
}

/** A malformed id cannot name a message: answered as SPEC.md's unknown id, never a 500. */
function checkedId(id: string): string {
  if (!ZId.safeParse(id).success) throw notFound();
  return id;
}

export function createMessagesService(deps: { messages: MessagesRepository; clock: Clock }) {
  /** "Mostrar hasta" as stored: null, or a time ahead of the server's clock (400 otherwise). */
  function checkedEnd(endsAt: string | null): Date | null {
    if (endsAt === null) return null;
    const at = new Date(endsAt);
    const problem = messageEndsAtProblem(at, deps.clock());
    if (problem) throw new AppError(ERROR_CODES.validation, 400, problem);
    return at;
  }

  async function change(id: string, changes: Parameters<MessagesRepository['update']>[1]) {
    const row = await deps.messages.update(checkedId(id), changes, deps.clock());
    if (!row) throw notFound();
    return { success: true as const, data: toGlobalMessage(row) };
  }

  return {
    async listActive(): Promise<TGlobalMessageListResponse> {
      const rows = await deps.messages.listActive(GLOBAL_MESSAGES_PUBLIC_LIMIT, deps.clock());
      return { success: true, messages: rows.map(toGlobalMessage) };
    },

    async listAll(): Promise<TGlobalMessageListResponse> {
      const rows = await deps.messages.listAll();
      return { success: true, messages: rows.map(toGlobalMessage) };
    },

    async create(input: TGlobalMessageRequest, createdBy: string): Promise<TGlobalMessageResponse> {
      const endsAt = checkedEnd(input.endsAt);
      const row = await deps.messages.create({ ...input, endsAt, createdBy, at: deps.clock() });
      return { success: true, data: toGlobalMessage(row) };
    },

    update(id: string, input: TGlobalMessageUpdateRequest): Promise<TGlobalMessageResponse> {
      const { text, type, active, endsAt } = input;
      return change(id, {
        text,
        type,
        ...(active === undefined ? {} : { active }),
        ...(endsAt === undefined ? {} : { endsAt: checkedEnd(endsAt) }),
      });
    },

    setActive(id: string, input: TGlobalMessageActiveRequest): Promise<TGlobalMessageResponse> {
      return change(id, { active: input.active });
    },

    async remove(id: string): Promise<{ success: true }> {
      if (!(await deps.messages.remove(checkedId(id)))) throw notFound();
      return { success: true };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
