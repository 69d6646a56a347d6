import type { BusinessTable, TBusinessResponse } from '@magotips/contracts/business';
import { NETWORK_ERROR_MESSAGE, statusDefaultMessage } from '@magotips/contracts/http-errors';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { readStored } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

/** The period asked for; empty ends leave the API's default (the last 30 days to today). */
export type BusinessPeriodParams = { from: string; to: string };

function periodQuery({ from, to }: BusinessPeriodParams): string {
  const query = new URLSearchParams();
  if (from) query.set('from', from);
  if (to) query.set('to', to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** GET /api/admin/business?from&to (issue 33 item 2, decision 0117): admins only. */
export function getBusiness(params: BusinessPeriodParams, signal?: AbortSignal) {
  return apiRequest<TBusinessResponse>(`/admin/business${periodQuery(params)}`, { signal });
}

export function businessQueryOptions(params: BusinessPeriodParams) {
  return queryOptions({
    queryKey: ['admin', 'business', params],
    queryFn: ({ signal }) => getBusiness(params, signal),
    // A new period keeps the current figures on screen instead of collapsing the page (CLS).
    placeholderData: keepPreviousData,
  });
}

export function useBusiness(params: BusinessPeriodParams) {
  return useQuery(businessQueryOptions(params));
}

/** The address of one table's CSV for the period. */
export function businessCsvUrl(table: BusinessTable, params: BusinessPeriodParams): string {
  return `/api/admin/business/export/${table}.csv${periodQuery(params)}`;
}

const FILE_NAME_RE = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i;

/** The export needs the admin's token, which a plain link cannot send: fetched with it, then
 * saved as a Blob under the name the server gives (decision 0093's receipts do the same). */
export async function downloadBusinessCsv(url: string, fallbackName: string): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK_ERROR');
  }
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message ?? statusDefaultMessage(response.status));
  }
  const named = FILE_NAME_RE.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = named ? decodeURIComponent(named) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
}
