import { defineModule } from '../../kernel/module.js';
import { seoRoutes } from './seo.routes.js';

/** The sitemap and robots.txt (plain routes, for the site's configured origin). */
export const seoModule = defineModule({
  name: 'seo',
  routes: async (app, { services, config }) =>
    app.register(seoRoutes, { excipients: services.excipientReads, articles: services.articleReads, siteUrl: config.SITE_URL }),
});
