import { z } from 'zod';
import { FAVORITE_TARGET_TYPES } from './constants/account.js';
import { Id, PageQuery } from './common.js';

export const FavoriteTargetType = z.enum(FAVORITE_TARGET_TYPES);
export type FavoriteTargetType = z.infer<typeof FavoriteTargetType>;

export const FavoriteBody = z
  .object({ targetType: FavoriteTargetType, targetId: Id })
  .meta({ id: 'FavoriteBody' });
export type FavoriteBody = z.infer<typeof FavoriteBody>;

export const Favorite = z
  .object({
    id: z.number().int(),
    targetType: FavoriteTargetType,
    targetId: z.number().int(),
    title: z.string(),
    subtitle: z.string().describe('e.g. the company, the issuer or the category'),
    url: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Favorite' });
export type Favorite = z.infer<typeof Favorite>;

export const FavoriteQuery = PageQuery.extend({ targetType: FavoriteTargetType.optional() });
export type FavoriteQuery = z.infer<typeof FavoriteQuery>;
export const FavoritePage = z
  .object({
    items: z.array(Favorite),
    totalCount: z.number().int(),
    countsByType: z.record(FavoriteTargetType, z.number().int()),
  })
  .meta({ id: 'FavoritePage' });
export type FavoritePage = z.infer<typeof FavoritePage>;

