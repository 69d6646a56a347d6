import type {
  TPaymentHistoryResponse,
  TReceiptResponse,
  TTaxIdResponse,
} from '@magotips/contracts/receipts';
import type { TaxIdCountry } from '@magotips/contracts/tax-id';
import { NETWORK_ERROR_MESSAGE, statusDefaultMessage } from '@magotips/contracts/http-errors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { readStored } from '../../../lib/storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';

const HISTORY_KEY = ['account', 'payments'] as const;
const TAX_ID_KEY = ['account', 'tax-id'] as const;

/** GET /api/account/payments: every paid transaction with its receipt (issue 30 item 5). */
export function usePaymentHistory() {
  return useQuery({
    queryKey: HISTORY_KEY,
    queryFn: ({ signal }) => apiRequest<TPaymentHistoryResponse>('/account/payments', { signal }),
  });
}

/** GET /api/account/payments/{id}/receipt: what the printable page shows. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: [...HISTORY_KEY, id, 'receipt'],
    queryFn: ({ signal }) =>
      apiRequest<TReceiptResponse>(`/account/payments/${encodeURIComponent(id)}/receipt`, {
        signal,
      }),
    // A 404 is the answer (not the buyer's, or no receipt): asking again changes nothing.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useTaxId() {
  return useQuery({
    queryKey: TAX_ID_KEY,
    queryFn: ({ signal }) => apiRequest<TTaxIdResponse>('/account/tax-id', { signal }),
  });
}

export function useSaveTaxId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxId: { country: TaxIdCountry; number: string } | null) =>
      apiRequest<TTaxIdResponse>('/account/tax-id', { method: 'PUT', body: { taxId } }),
    onSuccess: (answer) => queryClient.setQueryData(TAX_ID_KEY, answer),
  });
}

/**
 * A receipt's PDF, as a file. The API reads the session from the Authorization header, which a
 * plain link cannot send: the PDF is fetched with the session and handed over as a download.
 */
export async function downloadPdf(url: string, fileName: string): Promise<void> {
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
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 0);
}
