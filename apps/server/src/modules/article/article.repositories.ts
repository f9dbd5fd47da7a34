import type { Tx } from '../../db/transactor.js';
import type { ArticleRepository } from './article.repository.js';

/** This module's repositories, as the transactor hands them out (on the database handle or a transaction). */
export interface ArticleRepositories {
  articles: ArticleRepository;
}

/** A transaction in progress, with this module's repositories. */
export type ArticleTx = Tx & ArticleRepositories;

/**
 * This module's repositories in a caller's transaction (`within`): the transactor's bag holds every
 * module's repositories, and a module reads only its own.
 */
export function ownArticle(within: Tx): ArticleTx {
  return within as ArticleTx;
}

/** What other modules read of news and regulations (the home page, the sitemap). */
export type ArticleReads = Pick<ArticleRepository, 'latestNews' | 'latestRegulations' | 'allIds'>;
