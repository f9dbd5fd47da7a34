import { defineModule } from '../../kernel/module.js';
import { PlanRepository } from './plan.repository.js';
import type { PlanRepositories } from './plan.repositories.js';
import { planRoutes } from './plan.routes.js';
import * as tables from './plan.schema.js';
import { PlanService } from './plan.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    plans: PlanService;
  }
}

/** 方案: the plans for sale (membership, database subscriptions); the plans desk. */
export const planModule = defineModule({
  name: 'plan',
  tables: [tables],
  repositories: (db): PlanRepositories => ({ plans: new PlanRepository(db) }),
  provide: ({ db, transactor, services }) => ({
    plans: new PlanService(new PlanRepository(db), transactor, { reference: services.referenceReads, excipients: services.excipientReads }),
  }),
  routes: async (app, { services }) => app.register(planRoutes, { plans: services.plans, guard: services.guard }),
});
