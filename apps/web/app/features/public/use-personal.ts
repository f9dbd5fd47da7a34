import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { useCurrentUser } from '../session/session';

/**
 * The server renders public pages anonymously; once a user is signed in in this browser, the same call
 * is made again with the token, for what depends on who is asking (favorites, fields behind log-in).
 * Until it answers, the server's version is shown.
 */
export function usePersonal<T>(key: readonly unknown[], load: (client: ApiClient) => Promise<T>, anonymous: T): T {
  const user = useCurrentUser();
  const personal = useQuery({
    queryKey: [...queryKeys.me, 'personal', ...key],
    queryFn: () => load(api()),
    enabled: user !== null,
  });
  return user && personal.data ? personal.data : anonymous;
}
