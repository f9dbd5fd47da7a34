import { defineModule } from '../../kernel/module.js';
import { LegalTextService } from './legal-text.service.js';
import { siteRoutes } from './site.routes.js';
import { SiteService } from './site.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    site: SiteService;
    /** The legal texts (a registration records the version agreed to). */
    legal: LegalTextService;
  }
}

/** The company's details and the legal texts. */
export const siteModule = defineModule({
  name: 'site',
  provide: ({ transactor, services }) => {
    const site = new SiteService(services.settings, transactor, services.files);
    return { site, legal: new LegalTextService(services.settings, transactor, site) };
  },
  routes: async (app, { services }) => app.register(siteRoutes, { site: services.site, legal: services.legal, guard: services.guard }),
});
