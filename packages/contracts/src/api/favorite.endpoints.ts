import { z } from 'zod';
import { IdParams } from '../common.js';
import { Favorite, FavoriteBody, FavoritePage, FavoriteQuery } from '../favorite.js';
import { MAX_FAVORITES } from '../constants/account.js';
import type { EndpointSpec } from './endpoint.js';

/** The signed-in user's favorites: excipients, registrations, articles. */
export const favoriteEndpoints = {
  favoriteList: {
    access: 'user',
    tag: '收藏',
    summary: '我的收藏（新的在前，可按类型筛选，附各类型数量）',
    query: FavoriteQuery,
    responses: { 200: FavoritePage },
  },
  favoriteAdd: {
    access: 'user',
    tag: '收藏',
    summary: `收藏（已收藏时返回 200 和原有收藏；最多 ${MAX_FAVORITES} 条）`,
    body: FavoriteBody,
    responses: { 200: Favorite, 201: Favorite },
    errors: [404, 409],
    example: { body: { targetType: 'excipient', targetId: 1 } },
  },
  favoriteRemove: {
    access: 'user',
    tag: '收藏',
    summary: '取消收藏',
    params: IdParams,
    responses: { 204: z.null() },
    rows: { kind: 'favorite', owner: true },
  },
} as const satisfies Record<string, EndpointSpec>;
