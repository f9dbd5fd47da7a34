import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { FavoriteTargetType } from '@fuliaotong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { queryKeys } from '../../lib/query-keys';
import { goToLogin, useCurrentUser } from '../session/session';
import { publicApi } from './public-api';

/** 收藏 / 已收藏: a signed-out visitor is sent to log in first. */
export function FavoriteButton({ targetType, targetId, favoriteId }: { targetType: FavoriteTargetType; targetId: number; favoriteId: number | null }) {
  const user = useCurrentUser();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<number | null | undefined>(undefined);
  const id = current === undefined ? favoriteId : current;
  const mutation = useMutation({
    mutationFn: async () => {
      if (id) {
        await publicApi.removeFavorite(id);
        return null;
      }
      return (await publicApi.addFavorite({ targetType, targetId })).id;
    },
    onSuccess: (next) => {
      setCurrent(next);
      message.success(next ? '已收藏' : '已取消收藏');
      void queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => message.error(errorMessage(error, '操作失败，请稍后再试')),
  });
  const favored = user !== null && id !== null;
  return (
    <Button
      icon={favored ? <HeartFilled style={{ color: '#e5484d' }} /> : <HeartOutlined />}
      loading={mutation.isPending}
      aria-pressed={favored}
      onClick={() => (user ? mutation.mutate() : goToLogin())}
    >
      {favored ? '已收藏' : '收藏'}
    </Button>
  );
}
