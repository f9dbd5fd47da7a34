import type { RegistrationWatchBody } from '@fuliaotong/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const registrationWatchApi = {
  watches: () => api().call('registrationWatchList', {}),
  watch: (body: RegistrationWatchBody) => api().call('registrationWatchAdd', { body }),
  unwatch: (id: number) => api().call('registrationWatchRemove', { params: { id } }),
};

export const registrationWatchesQuery = () =>
  queryOptions({ queryKey: queryKeys.registrationWatches(), queryFn: () => registrationWatchApi.watches() });

/** A watch changes the record pages' state and the list: refresh both. */
function useRefreshAfterWatch() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.registrationWatches() });
    void queryClient.invalidateQueries({ queryKey: queryKeys.registrations() });
  };
}

export function useUnwatchRegistration() {
  const refresh = useRefreshAfterWatch();
  return useMutation({ mutationFn: (id: number) => registrationWatchApi.unwatch(id), onSuccess: refresh });
}

/** 关注 / 取消关注: answers the new watch id, or null once removed. */
export function useToggleRegistrationWatch(body: RegistrationWatchBody) {
  const refresh = useRefreshAfterWatch();
  return useMutation({
    mutationFn: async (current: number | null) => {
      if (current) {
        await registrationWatchApi.unwatch(current);
        return null;
      }
      return (await registrationWatchApi.watch(body)).id;
    },
    onSuccess: refresh,
  });
}
