import type { TLedgerHead } from '@magotips/contracts/ledger-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/track-record/ledger/head: the last entry of the public ledger, as /historial prints
 * it (the proof issue: copies we don't control witness it). */
export function ledgerHeadQueryOptions() {
  return queryOptions({
    queryKey: ['ledger', 'head'],
    queryFn: ({ signal }) =>
      apiRequest<TLedgerHead>('/track-record/ledger/head', { signal, auth: false }),
  });
}

export const useLedgerHead = () => useQuery(ledgerHeadQueryOptions());
