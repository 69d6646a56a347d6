import type { TTrackRecordTipsResponse } from '@magotips/contracts/track-record-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiQuery, type TrackRecordFilters } from '../track-record-filters';

/** GET /api/track-record/tips: one page of settled tips, newest first. No `limit`: the server's
 * page size applies (a value import of it would bring Zod into this page's chunk). */
export function getTrackRecordTips(
  filters: TrackRecordFilters,
  signal?: AbortSignal,
): Promise<TTrackRecordTipsResponse> {
  return apiRequest<TTrackRecordTipsResponse>(`/track-record/tips${apiQuery(filters, true)}`, {
    signal,
    auth: false,
  });
}

export function trackRecordTipsQueryOptions(filters: TrackRecordFilters) {
  return queryOptions({
    queryKey: ['track-record', 'tips', filters],
    queryFn: ({ signal }) => getTrackRecordTips(filters, signal),
  });
}

export function useTrackRecordTips(filters: TrackRecordFilters) {
  return useQuery({ ...trackRecordTipsQueryOptions(filters), placeholderData: keepPreviousData });
}
