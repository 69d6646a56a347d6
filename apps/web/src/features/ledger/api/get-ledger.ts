import type { TLedgerHead, TLedgerPage } from '@magotips/contracts/ledger-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/track-record/ledger/head: the last entry, public (no token is sent). */
export function ledgerHeadQueryOptions() {
  return queryOptions({
    queryKey: ['ledger', 'head'],
    queryFn: ({ signal }) =>
      apiRequest<TLedgerHead>('/track-record/ledger/head', { signal, auth: false }),
  });
}

export const useLedgerHead = () => useQuery(ledgerHeadQueryOptions());

export type LedgerRead = { after: number; limit: number; tip: string | null };

/** GET /api/track-record/ledger: the entries after `after`, oldest first, optionally one tip's. */
export function ledgerPageQueryOptions({ after, limit, tip }: LedgerRead) {
  const params = new URLSearchParams({ after: String(after), limit: String(limit) });
  if (tip) params.set('tip', tip);
  return queryOptions({
    queryKey: ['ledger', 'page', { after, limit, tip }],
    queryFn: ({ signal }) =>
      apiRequest<TLedgerPage>(`/track-record/ledger?${params.toString()}`, {
        signal,
        auth: false,
      }),
  });
}

/** One page; `read` null while the head it depends on is not known yet. The page on screen stays
 * (dimmed) while the next one loads. */
export function useLedgerPage(read: LedgerRead | null) {
  return useQuery({
    ...ledgerPageQueryOptions(read ?? { after: 0, limit: 1, tip: null }),
    enabled: read !== null,
    placeholderData: keepPreviousData,
  });
}
