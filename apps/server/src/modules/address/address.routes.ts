import { endpointRoutes } from '../../http/endpoint-routes.js';
import { principalOf } from '../account/auth.guard.js';
import type { AddressService } from './address.service.js';

/** The signed-in user's address book. */
export const addressRoutes = endpointRoutes<{ addresses: AddressService }>((route, { addresses }) => {
  route('addressList', async (request) => addresses.list(principalOf(request).user.id));

  route('addressCreate', async (request, reply) =>
    reply.code(201).send(await addresses.create(principalOf(request).user.id, request.body)),
  );

  route('addressGet', async (request) => addresses.get(principalOf(request).user.id, request.params.id));

  route('addressUpdate', async (request) => addresses.update(principalOf(request).user.id, request.params.id, request.body));

  route('addressDelete', async (request, reply) => {
    await addresses.remove(principalOf(request).user.id, request.params.id);
    return reply.code(204).send(null);
  });

  route('addressSetDefault', async (request) => addresses.setDefault(principalOf(request).user.id, request.params.id));
});
