import { endpointRoutes } from '../../http/endpoint-routes.js';
import type { LocationService } from './location.service.js';

/** The caller's region from its IP address. */
export const locationRoutes = endpointRoutes<{ location: LocationService }>((route, { location }) => {
  route('location', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return location.locate(request.ip);
  });
});
