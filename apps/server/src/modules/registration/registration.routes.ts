import { endpointRoutes } from '../../http/endpoint-routes.js';
import { viewerOf } from '../account/auth.guard.js';
import type { RegistrationService } from './registration.service.js';

/** CDE registration records. */
export const registrationRoutes = endpointRoutes<{ registrations: RegistrationService }>((route, { registrations }) => {
  route('registrationSearch', async (request) => registrations.search(request.query));
  route('registrationGet', async (request) => registrations.detail(request.params.id, viewerOf(request)));
});
