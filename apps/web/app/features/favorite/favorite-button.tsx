import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import type { FavoriteTargetType } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useState } from 'react';
import { ToggleButton } from '../../components/toggle-button';
import { toast } from '../../components/toast';
import { goToLogin, useCurrentUser } from '../session/session';
import { useToggleFavorite } from './favorite-api';

/** 收藏 / 已收藏: a signed-out visitor is sent to log in first. Plain markup: public pages show it without antd. */
export function FavoriteButton({
  targetType,
  targetId,
  favoriteId,
}: {
  targetType: FavoriteTargetType;
  targetId: number;
  favoriteId: number | null;
}) {
  const user = useCurrentUser();
  const [current, setCurrent] = useState<number | null | undefined>(undefined);
  const id = current === undefined ? favoriteId : current;
  const toggle = useToggleFavorite({ targetType, targetId });
  const onClick = () =>
    toggle.mutate(id, {
      onSuccess: (next) => {
        setCurrent(next);
        toast.success(next ? '已收藏' : '已取消收藏');
      },
      onError: (error) => toast.error(errorMessage(error, '操作失败，请稍后再试')),
    });
  const favored = user !== null && id !== null;
  return (
    <ToggleButton
      pressed={favored}
      busy={toggle.isPending}
      icon={favored ? <HeartFilled aria-hidden style={{ color: '#e5484d' }} /> : <HeartOutlined aria-hidden />}
      onClick={() => (user ? onClick() : goToLogin())}
    >
      {favored ? '已收藏' : '收藏'}
    </ToggleButton>
  );
}
