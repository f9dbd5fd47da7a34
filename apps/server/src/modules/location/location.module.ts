import { defineModule } from '../../kernel/module.js';
import { locationRoutes } from './location.routes.js';
import { LocationService } from './location.service.js';

/** The caller's region, to prefill an address. */
export const locationModule = defineModule({
  name: 'location',
  routes: async (app, { services }) => app.register(locationRoutes, { location: new LocationService(), guard: services.guard }),
});
