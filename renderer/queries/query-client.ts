/** The app's one QueryClient, and when its subscribers hear of a change. */
import { notifyManager, QueryClient } from '@tanstack/react-query';

// Subscribers (the components showing a query) hear of a cache change at the end of the task
// that made it, in one batch, instead of in a timer task after it. Chromium ran that timer 200–280 ms
// late right after the 5 MB task list arrived (the main thread idle meanwhile), which put the
// list's first paint that far behind its answer. React batches the renders of one task in the
// same way, so this renders no more often.
notifyManager.setScheduler((notify) => queueMicrotask(notify));

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
