import { useQuery, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { useCurrentUser } from './session';

/**
 * The data of a server-rendered public page. The server's loader prefetched `options` anonymously;
 * its data seeds the query cache here (initialData). Once a user is signed in in this browser, the same
 * query runs again with the token under the user's key (forgotten when the user changes), for what depends
 * on who is asking (favorites, fields behind log-in); until it answers, the server's version is shown.
 */
export function usePublicQuery<T, Key extends QueryKey>(
  options: { queryKey: Key; queryFn?: unknown },
  serverData: T,
  /** false for pages whose content is the same for everyone (lists): no second call. */
  { personal: perUser = true }: { personal?: boolean } = {},
): T {
  const user = useCurrentUser();
  const queryFn = options.queryFn as QueryFunction<T, QueryKey>;
  useQuery({ queryKey: options.queryKey, queryFn, initialData: serverData, enabled: false });
  const personal = useQuery({ queryKey: queryKeys.personal(options.queryKey), queryFn, enabled: perUser && user !== null });
  return perUser && user && personal.data ? personal.data : serverData;
}
