import { apiRequest } from '../../api-client';

export type CleanPendingAnswer = { success: boolean; results?: unknown; message?: string };

/** POST /api/packs/clean-pending-transactions: the server closes the caller's pending payments
 * (and their checkout sessions) so a new purchase can start. No body. */
export function cleanPendingTransactions(): Promise<CleanPendingAnswer> {
  return apiRequest<CleanPendingAnswer>('/packs/clean-pending-transactions', { method: 'POST' });
}
