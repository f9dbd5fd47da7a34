import { QueryClient } from '@tanstack/react-query';

const defaultOptions = { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } };

let browserClient: QueryClient | undefined;

/**
 * The app's query cache. In the browser there is one per page load, kept here (not in a component) so
 * that route clientLoaders prefetch into the very cache the pages read. On the server every render gets
 * its own: users must never share a cache.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return new QueryClient({ defaultOptions });
  browserClient ??= new QueryClient({ defaultOptions });
  return browserClient;
}
