import type { NewsDetail, NewsPage, NewsQuery, RegulationDetail, RegulationPage, RegulationQuery } from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { Viewer } from '../auth/auth.guard.js';
import type { FavoriteService } from '../favorite/favorite.service.js';
import type { ArticleRepository } from './article.repository.js';

/** Regulations and news: lists with filters, and full texts with the caller's favorite. */
export class ArticleService {
  constructor(
    private readonly articles: ArticleRepository,
    private readonly favorites: FavoriteService,
  ) {}

  regulations(query: RegulationQuery): Promise<RegulationPage> {
    return this.articles.regulations(query);
  }

  async regulation(id: number, viewer: Viewer): Promise<RegulationDetail> {
    const [row, favoriteId] = await Promise.all([
      this.articles.regulation(id),
      this.favorites.favoriteIdOf(viewer.userId, 'regulation', id),
    ]);
    if (!row) throw new AppError('not_found', '法规不存在');
    return { ...row, favoriteId };
  }

  news(query: NewsQuery): Promise<NewsPage> {
    return this.articles.news(query);
  }

  async newsItem(id: number, viewer: Viewer): Promise<NewsDetail> {
    const [row, favoriteId] = await Promise.all([this.articles.newsItem(id), this.favorites.favoriteIdOf(viewer.userId, 'news', id)]);
    if (!row) throw new AppError('not_found', '资讯不存在');
    return { ...row, favoriteId };
  }
}
