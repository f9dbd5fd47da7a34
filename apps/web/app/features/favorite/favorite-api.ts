import type { FavoriteBody, FavoriteTargetType } from '@fuliaotong/contracts';
import type { Query } from '@fuliaotong/client';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

export const favoriteApi = {
  favorites: (query: Query) => api().call('favoriteList', { query }),
  addFavorite: (body: FavoriteBody) => api().call('favoriteAdd', { body }),
  removeFavorite: (id: number) => api().call('favoriteRemove', { params: { id } }),
};

export const favoritePageQuery = (query: { targetType?: FavoriteTargetType; page: number; pageSize: number }) =>
  queryOptions({
    queryKey: queryKeys.favoritePage(query),
    queryFn: () => favoriteApi.favorites(query),
    placeholderData: keepPreviousData,
  });

/** A favorite changes counts and flags on many pages (summary, product pages): refresh the user's data. */
function useRefreshAfterFavorite() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

export function useRemoveFavorite() {
  const refresh = useRefreshAfterFavorite();
  return useMutation({ mutationFn: (id: number) => favoriteApi.removeFavorite(id), onSuccess: refresh });
}

/** 收藏 / 取消收藏: answers the new favorite id, or null once removed. */
export function useToggleFavorite(target: { targetType: FavoriteTargetType; targetId: number }) {
  const refresh = useRefreshAfterFavorite();
  return useMutation({
    mutationFn: async (current: number | null) => {
      if (current) {
        await favoriteApi.removeFavorite(current);
        return null;
      }
      return (await favoriteApi.addFavorite(target)).id;
    },
    onSuccess: refresh,
  });
}
