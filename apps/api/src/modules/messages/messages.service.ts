import {
  GLOBAL_MESSAGES_PUBLIC_LIMIT,
  type TGlobalMessage,
  type TGlobalMessageListResponse,
} from '@magotips/contracts/global-message-types';
import type {
  TGlobalMessageActiveRequest,
  TGlobalMessageRequest,
  TGlobalMessageResponse,
  TGlobalMessageUpdateRequest,
} from '@magotips/contracts/global-messages';
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
  async function change(id: string, changes: Parameters<MessagesRepository['update']>[1]) {
    const row = await deps.messages.update(checkedId(id), changes, deps.clock());
    if (!row) throw notFound();
    return { success: true as const, data: toGlobalMessage(row) };
  }

  return {
    async listActive(): Promise<TGlobalMessageListResponse> {
      const rows = await deps.messages.listActive(GLOBAL_MESSAGES_PUBLIC_LIMIT);
      return { success: true, messages: rows.map(toGlobalMessage) };
    },

    async listAll(): Promise<TGlobalMessageListResponse> {
      const rows = await deps.messages.listAll();
      return { success: true, messages: rows.map(toGlobalMessage) };
    },

    async create(input: TGlobalMessageRequest, createdBy: string): Promise<TGlobalMessageResponse> {
      const row = await deps.messages.create({ ...input, createdBy, at: deps.clock() });
      return { success: true, data: toGlobalMessage(row) };
    },

    update(id: string, input: TGlobalMessageUpdateRequest): Promise<TGlobalMessageResponse> {
      const { text, type, active } = input;
      return change(id, active === undefined ? { text, type } : { text, type, active });
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
