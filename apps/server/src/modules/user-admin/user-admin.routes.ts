import { endpointRoutes } from '../../http/endpoint-routes.js';
import { actorOf } from '../account/auth.guard.js';
import type { UserAdminService } from './user-admin.service.js';

/** The users desk (admin): list, detail, disable / enable, roles, paid access by hand. */
export const userAdminRoutes = endpointRoutes<{ userAdmin: UserAdminService }>((route, { userAdmin }) => {
  route('adminUserList', async (request) => userAdmin.list(request.query));
  route('adminUserGet', async (request) => userAdmin.get(request.params.id));
  route('adminUserUpdate', async (request) => userAdmin.update(actorOf(request), request.params.id, request.body));
});
