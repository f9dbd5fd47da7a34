import { endpointRoutes } from '../../http/endpoint-routes.js';
import { principalOf } from '../account/auth.guard.js';
import type { FavoriteService } from './favorite.service.js';

/** The signed-in user's favorites. */
export const favoriteRoutes = endpointRoutes<{ favorites: FavoriteService }>((route, { favorites }) => {
  route('favoriteList', async (request) => favorites.list(principalOf(request).user.id, request.query));

  route('favoriteAdd', async (request, reply) => {
    const { favorite, created } = await favorites.add(principalOf(request).user.id, request.body);
    return reply.code(created ? 201 : 200).send(favorite);
  });

  route('favoriteRemove', async (request, reply) => {
    await favorites.remove(principalOf(request).user.id, request.params.id);
    return reply.code(204).send(null);
  });
});
