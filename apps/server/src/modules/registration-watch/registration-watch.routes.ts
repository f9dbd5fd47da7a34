import { endpointRoutes } from '../../http/endpoint-routes.js';
import { principalOf } from '../account/auth.guard.js';
import type { RegistrationWatchService } from './registration-watch.service.js';

/** The signed-in user's registration watches. */
export const registrationWatchRoutes = endpointRoutes<{ watches: RegistrationWatchService }>((route, { watches }) => {
  route('registrationWatchList', async (request) => watches.list(principalOf(request).user.id));

  route('registrationWatchAdd', async (request, reply) => {
    const { watch, created } = await watches.add(principalOf(request).user.id, request.body);
    return reply.code(created ? 201 : 200).send(watch);
  });

  route('registrationWatchRemove', async (request, reply) => {
    await watches.remove(principalOf(request).user.id, request.params.id);
    return reply.code(204).send(null);
  });
});
