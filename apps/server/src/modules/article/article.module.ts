import { defineModule } from '../../kernel/module.js';
import { ArticleAdminService } from './article-admin.service.js';
import { articleAdminRoutes } from './article-admin.routes.js';
import { ArticleRepository } from './article.repository.js';
import type { ArticleReads, ArticleRepositories } from './article.repositories.js';
import { articleRoutes } from './article.routes.js';
import * as tables from './article.schema.js';
import { ArticleService } from './article.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    articleReads: ArticleReads;
  }
}

/** 资讯与法规: news and regulations; the articles desk. */
export const articleModule = defineModule({
  name: 'article',
  tables: [tables],
  repositories: (db): ArticleRepositories => ({ articles: new ArticleRepository(db) }),
  provide: ({ db }) => ({ articleReads: new ArticleRepository(db) }),
  routes: async (app, { db, transactor, services, now }) => {
    const articles = new ArticleRepository(db);
    await app.register(articleRoutes, { articles: new ArticleService(articles, services.favorites), guard: services.guard });
    await app.register(articleAdminRoutes, { articles: new ArticleAdminService(articles, services.files, transactor, now), guard: services.guard });
  },
});
