import type { NewsDetail, NewsPage, NewsQuery, RegulationDetail, RegulationPage, RegulationQuery } from '@fuliaotong/contracts';
import { AppError } from '../../http/errors.js';
import type { Viewer } from '../account/auth.guard.js';
import type { FavoriteService } from '../favorite/favorite.service.js';
import type { ArticleRepository } from './article.repository.js';

/** An article's public fields (not its publication's). */
function publicFields<T extends { draft: boolean; publishAt: Date | null; createdAt: Date; updatedAt: Date }>(row: T) {
  const { draft: _draft, publishAt: _publishAt, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = row;
  return fields;
}

/**
 * Regulations and news: lists with filters, and full texts with the caller's favorite. The public sees
 * published articles from their publication time on; editors may open a draft or a scheduled one.
 */
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
      this.articles.regulation(id, viewer.editor),
      this.favorites.favoriteIdOf(viewer.userId, 'regulation', id),
    ]);
    if (!row) throw new AppError('not_found', '法规不存在');
    return { ...publicFields(row), favoriteId };
  }

  news(query: NewsQuery): Promise<NewsPage> {
    return this.articles.news(query);
  }

  async newsItem(id: number, viewer: Viewer): Promise<NewsDetail> {
    const [row, favoriteId] = await Promise.all([
      this.articles.newsItem(id, viewer.editor),
      this.favorites.favoriteIdOf(viewer.userId, 'news', id),
    ]);
    if (!row) throw new AppError('not_found', '资讯不存在');
    return { ...publicFields(row), favoriteId };
  }
}
