import { endpointRoutes } from '../../http/endpoint-routes.js';
import { actorOf } from '../account/auth.guard.js';
import type { SampleLimitsService } from './settings.service.js';

/** Settings the staff change at run time. */
export const settingsRoutes = endpointRoutes<{ sampleLimits: SampleLimitsService }>((route, { sampleLimits }) => {
  route('adminSampleLimits', async () => sampleLimits.current());
  route('adminUpdateSampleLimits', async (request) => sampleLimits.update(actorOf(request), request.body));
});
