import { endpointRoutes } from '../../http/endpoint-routes.js';
import { actorOf } from '../account/auth.guard.js';
import type { SampleLimitsService } from './sample-limits.service.js';

/** The sample limits (样品限额): the staff read and change them on the 样品设置 desk. */
export const sampleLimitsRoutes = endpointRoutes<{ sampleLimits: SampleLimitsService }>((route, { sampleLimits }) => {
  route('adminSampleLimits', async () => sampleLimits.current());
  route('adminUpdateSampleLimits', async (request) => sampleLimits.update(actorOf(request), request.body));
});
