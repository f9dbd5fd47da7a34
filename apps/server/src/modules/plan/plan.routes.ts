import { endpointRoutes } from '../../http/endpoint-routes.js';
import { actorOf } from '../account/auth.guard.js';
import type { PlanService } from './plan.service.js';

/** Plans on sale, and the plan desk (finance). */
export const planRoutes = endpointRoutes<{ plans: PlanService }>((route, { plans }) => {
  route('planList', async () => plans.onSale());
  route('adminPlanList', async () => plans.all());
  route('adminPlanCreate', async (request, reply) => reply.code(201).send(await plans.create(actorOf(request), request.body)));
  route('adminPlanUpdate', async (request) => plans.update(actorOf(request), request.params.id, request.body));
});
