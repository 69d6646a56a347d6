import type { TTrackRecordResponse } from '@magotips/contracts/track-record-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiQuery, summaryKey, type TrackRecordFilters } from '../track-record-filters';

/** GET /api/track-record: public, so no token is sent (the answer is the same for everyone). */
export function getTrackRecord(
  filters: TrackRecordFilters,
  signal?: AbortSignal,
): Promise<TTrackRecordResponse> {
  return apiRequest<TTrackRecordResponse>(`/track-record${apiQuery(filters)}`, {
    signal,
    auth: false,
  });
}

export function trackRecordQueryOptions(filters: TrackRecordFilters) {
  return queryOptions({
    queryKey: ['track-record', 'summary', summaryKey(filters)],
    queryFn: ({ signal }) => getTrackRecord(filters, signal),
  });
}

/** The figures of the filters (the page number does not change them). While new filters load
 * the previous figures stay on screen, dimmed, rather than a skeleton that flashes. */
export function useTrackRecord(filters: TrackRecordFilters) {
  return useQuery({ ...trackRecordQueryOptions(filters), placeholderData: keepPreviousData });
}
