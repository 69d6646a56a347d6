import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A 4xx answer will not change by asking again; only a lost connection or a server
        // hiccup is worth a retry before the user sees the error and its Reintentar button.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          error instanceof ApiError &&
          (error.status === 0 || error.status >= 500),
      },
    },
  });
}
