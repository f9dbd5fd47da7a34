import type { EnsureQuery } from '../../lib/route-data';
import { getQueryClient } from '../../lib/query-client';
import { readToken } from './session';

/**
 * The clientLoader of a page behind the signed-in guard: starts the page's queries (the very
 * queryOptions the page reads) with the navigation and waits for them, so that the page renders with its
 * data. Without a token nothing is asked: the guard, whose loader runs alongside, sends the visitor to
 * /login. A failed query is left to the page, whose load state shows it with a retry (not the route's
 * error boundary).
 */
export async function loadSignedInQueries(load: (ensure: EnsureQuery) => Promise<unknown>[]): Promise<null> {
  if (!readToken()) return null;
  const queryClient = getQueryClient();
  await Promise.allSettled(load((options) => queryClient.ensureQueryData(options)));
  return null;
}
