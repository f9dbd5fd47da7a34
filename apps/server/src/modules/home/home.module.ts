import { defineModule } from '../../kernel/module.js';
import { homeRoutes } from './home.routes.js';
import { HomeService } from './home.service.js';

/** 首页: what the home page shows. */
export const homeModule = defineModule({
  name: 'home',
  routes: async (app, { services }) =>
    app.register(homeRoutes, { home: new HomeService(services.excipientReads, services.reference, services.articleReads), guard: services.guard }),
});
