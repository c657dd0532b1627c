import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** `retryDelay` is for tests, which have no network trouble to wait out: the retries still happen, at once. */
export function createQueryClient(options: { retryDelay?: number } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404) will not change on a retry; network trouble might.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
      },
    },
  });
}
