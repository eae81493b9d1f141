/** The app's one QueryClient. */
import { QueryClient } from '@tanstack/react-query';

/**
 * A client for engine data. The host is local: queries run regardless of the browser's idea of
 * the network, errors are shown at once (a retry would hit the same local host), and window
 * focus triggers nothing because changes are pushed.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { networkMode: 'always', retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}
