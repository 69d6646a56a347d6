import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The three numbers of the landing's headline, out of GET /api/track-record. */
export type RecordHeadline = { settled: number; profitUnits: number; yield: number | null };

/** Checked by hand rather than with contracts' ZTrackRecordResponse: Zod must stay out of the
 * landing's first download (120 KB budget). Anything unexpected hides the headline. */
export function headlineOf(
  payload: { data?: Partial<RecordHeadline> } | null,
): RecordHeadline | null {
  const data = payload?.data;
  return typeof data?.settled === 'number' && typeof data.profitUnits === 'number'
    ? { settled: data.settled, profitUnits: data.profitUnits, yield: data.yield ?? null }
    : null;
}

export function recordHeadlineQueryOptions() {
  return queryOptions({
    queryKey: ['track-record', 'headline'],
    // No query string: the server's default period is everything since the start.
    queryFn: ({ signal }) =>
      apiRequest<{ data?: Partial<RecordHeadline> }>('/track-record', { signal, auth: false }).then(
        headlineOf,
      ),
  });
}

export function useRecordHeadline() {
  return useQuery(recordHeadlineQueryOptions());
}
