import { MutationCache, QueryClient } from '@tanstack/react-query';
import { addLog } from '../logs/store';

/**
 * The workspace's query client. A failed request was already shown by the HTTP client (and logged when
 * unexpected), so a mutation's error needs no handler of its own; any other error is a fault of the app
 * and goes to the log, where an empty `catch` used to hide it.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onError: (e) => {
        if (e.name === 'HttpError') return;
        addLog({ type: 'error', message: e.message, stack: e.stack ?? '', info: 'mutation' });
      },
    }),
  });
}
