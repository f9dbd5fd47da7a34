import { repositoriesOf } from '../../db/transactor.js';
import type { ArticleRepository } from './article.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ArticleRepositories {
  articles: ArticleRepository;
}

/** This module's repositories in a caller's transaction (`within`). */
export const ownArticle = repositoriesOf<ArticleRepositories>();

/** What other modules read of news and regulations (the home page, the sitemap). */
export type ArticleReads = Pick<ArticleRepository, 'latestNews' | 'latestRegulations' | 'allIds'>;
