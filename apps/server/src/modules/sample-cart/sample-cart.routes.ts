import { endpointRoutes } from '../../http/endpoint-routes.js';
import { principalOf } from '../account/auth.guard.js';
import type { SampleCartService } from './sample-cart.service.js';

/** The sample cart (样品车) of the signed-in user. */
export const sampleCartRoutes = endpointRoutes<{ cart: SampleCartService }>((route, { cart }) => {
  route('sampleCartList', async (request) => cart.list(principalOf(request).user.id));

  route('sampleCartCheck', async (request) => cart.check(principalOf(request).user.id, request.body));

  route('sampleCartAdd', async (request, reply) => {
    const result = await cart.add(principalOf(request).user.id, request.body);
    return reply.code(result.merged ? 200 : 201).send(result);
  });

  route('sampleCartUpdate', async (request) => cart.update(principalOf(request).user.id, request.params.id, request.body));

  route('sampleCartSetChecked', async (request) => cart.setChecked(principalOf(request).user.id, request.body));

  route('sampleCartRemove', async (request) => cart.remove(principalOf(request).user.id, request.body.ids));

  route('sampleCartCount', async (request, reply) => {
    const n = await cart.countOf(principalOf(request).user.id);
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'private, no-store').send(String(n));
  });

  route('sampleConfirmedList', async (request) => cart.confirmed(principalOf(request).user.id, request.query.ids));
});
