import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { probeApi } from '../../lib/self-check';

/**
 * The connection check of /test: the health endpoint called a few times in a row, each round trip timed.
 * A measurement, not data to keep: it runs again on every visit and is never retried (a failure is the
 * result). probeApi answers unreachable instead of failing.
 */
export const apiProbeQuery = () =>
  queryOptions({
    queryKey: queryKeys.apiProbe(),
    queryFn: () => probeApi(() => api().call('health')),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
