import { endpointRoutes } from '../../http/endpoint-routes.js';
import { principalOf } from '../account/auth.guard.js';
import type { GrantService } from './grant.service.js';

/** What the signed-in user holds (会员与订阅 on the account page). */
export const grantRoutes = endpointRoutes<{ grants: GrantService }>((route, { grants }) => {
  route('grantList', async (request) => grants.list(principalOf(request).user.id));
  route('grantSeatAdd', async (request) => grants.addSeat(principalOf(request).user.id, request.params.id, request.body.account));
  route('grantSeatRemove', async (request, reply) => {
    await grants.removeSeat(principalOf(request).user.id, request.params.id, request.params.userId);
    return reply.code(204).send();
  });
});
