import { defineModule } from '../../kernel/module.js';
import { userAdminRoutes } from './user-admin.routes.js';
import { UserAdminService } from './user-admin.service.js';

/** 用户管理: the users desk (roles, disabling, membership by hand) and the staff created from the command line. */
export const userAdminModule = defineModule({
  name: 'user-admin',
  routes: async (app, { transactor, services, now }) => {
    const userAdmin = new UserAdminService({
      users: services.users,
      applications: services.applicationReads,
      grants: services.grantReads,
      memberships: services.grants,
      transactor,
      now,
    });
    await app.register(userAdminRoutes, { userAdmin, guard: services.guard });
  },
});
