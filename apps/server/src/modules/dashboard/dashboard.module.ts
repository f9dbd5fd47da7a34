import { defineModule } from '../../kernel/module.js';
import { dashboardRoutes } from './dashboard.routes.js';
import { DashboardService } from './dashboard.service.js';

/** 数据看板: the staff's dashboard. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  routes: async (app, { services, now }) =>
    app.register(dashboardRoutes, {
      dashboard: new DashboardService({ users: services.users, applications: services.applicationReads, searches: services.searchLogReads, now }),
      guard: services.guard,
    }),
});
