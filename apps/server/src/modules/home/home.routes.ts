import { endpointRoutes } from '../../http/endpoint-routes.js';
import { viewerOf } from '../account/auth.guard.js';
import type { HomeService } from './home.service.js';

/** The home page's data in one call. */
export const homeRoutes = endpointRoutes<{ home: HomeService }>((route, { home }) => {
  route('home', async (request) => home.home(viewerOf(request)));
});
