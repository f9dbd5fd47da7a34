import { endpointRoutes } from '../../http/endpoint-routes.js';
import { viewerOf } from '../account/auth.guard.js';
import type { ArticleService } from './article.service.js';

/** Regulations and news. */
export const articleRoutes = endpointRoutes<{ articles: ArticleService }>((route, { articles }) => {
  route('regulationList', async (request) => articles.regulations(request.query));
  route('regulationGet', async (request) => articles.regulation(request.params.id, viewerOf(request)));
  route('newsList', async (request) => articles.news(request.query));
  route('newsGet', async (request) => articles.newsItem(request.params.id, viewerOf(request)));
});
