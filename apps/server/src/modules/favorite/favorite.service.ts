import {
  FavoriteTargetType,
  MAX_FAVORITES,
  type Favorite,
  type FavoriteBody,
  type FavoritePage,
  type FavoriteQuery,
} from '@fuliaotong/contracts';
import type { UserDirectory } from '../account/user-directory.js';
import type { Transactor } from '../../db/transactor.js';
import { type FavoriteRepositories } from './favorite.repositories.js';
import { AppError } from '../../http/errors.js';
import { detailUrl } from '../seo/site-urls.js';
import type { FavoriteRepository, FavoriteRow, FavoriteTarget } from './favorite.repository.js';

/** Shown for a favorite whose product, record or article has since been taken down. */
const GONE_TITLE = '该内容已下架';

function toFavorite(row: FavoriteRow, target: FavoriteTarget | undefined): Favorite {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    title: target?.title ?? GONE_TITLE,
    subtitle: target?.subtitle ?? '',
    url: target ? detailUrl[row.targetType](row.targetId) : '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** A user's favorites (收藏): products, registration records, regulations and news. */
export class FavoriteService {
  constructor(
    private readonly favorites: FavoriteRepository,
    private readonly transactor: Transactor<FavoriteRepositories>,
    private readonly users: UserDirectory,
  ) {}

  /** The caller's favorite of a target (null for anonymous callers or when not a favorite). */
  favoriteIdOf(userId: number | null, targetType: FavoriteTargetType, targetId: number): Promise<number | null> {
    return this.favorites.findId(userId, targetType, targetId);
  }

  countOf(userId: number): Promise<number> {
    return this.favorites.countOf(userId);
  }

  async list(userId: number, query: FavoriteQuery): Promise<FavoritePage> {
    const { rows, counts } = await this.favorites.list(userId, query.targetType, query.pageSize, (query.page - 1) * query.pageSize);
    const countsByType = Object.fromEntries(FavoriteTargetType.options.map((type) => [type, 0])) as Record<FavoriteTargetType, number>;
    for (const { targetType, n } of counts) countsByType[targetType] = n;
    const items = await this.withTargets(rows);
    const totalCount = query.targetType ? countsByType[query.targetType] : Object.values(countsByType).reduce((a, b) => a + b, 0);
    return { items, totalCount, countsByType };
  }

  /** Adds a favorite; adding one the user has already answers that one (`created: false`). */
  async add(userId: number, body: FavoriteBody): Promise<{ favorite: Favorite; created: boolean }> {
    const [target] = await this.favorites.targets(body.targetType, [body.targetId]);
    if (!target) throw new AppError('not_found', '收藏的内容不存在');
    // The user's row is locked meanwhile, so parallel additions cannot pass the limit.
    const result = await this.transactor.transaction(async (within) => {
      const { favorites } = within;
      await this.users.lockUser(userId, within);
      const existing = await favorites.findByTarget(userId, body.targetType, body.targetId);
      if (existing) return { row: existing, created: false };
      if ((await favorites.countOf(userId)) >= MAX_FAVORITES) {
        throw new AppError('conflict', `收藏最多 ${MAX_FAVORITES} 条，请先取消一些收藏`);
      }
      return { row: await favorites.insert(userId, body.targetType, body.targetId), created: true };
    });
    return { favorite: toFavorite(result.row, target), created: result.created };
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await this.favorites.delete(userId, id))) throw new AppError('not_found', '收藏不存在');
  }

  private async withTargets(rows: FavoriteRow[]): Promise<Favorite[]> {
    const byType = new Map<FavoriteTargetType, number[]>();
    for (const row of rows) byType.set(row.targetType, [...(byType.get(row.targetType) ?? []), row.targetId]);
    const found = new Map<string, FavoriteTarget>();
    await Promise.all(
      [...byType].map(async ([type, ids]) => {
        for (const target of await this.favorites.targets(type, ids)) found.set(`${type}:${target.id}`, target);
      }),
    );
    return rows.map((row) => toFavorite(row, found.get(`${row.targetType}:${row.targetId}`)));
  }
}
