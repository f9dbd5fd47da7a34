import type { Transactor } from '../../db/transactor.js';
import { defineModule } from '../../kernel/module.js';
import { BatchRepository } from './batch.repository.js';
import type { BatchRepositories } from './batch.repositories.js';
import { batchRoutes } from './batch.routes.js';
import * as tables from './batch.schema.js';
import { BatchService, defaultCoaLimits, type CoaLimits } from './batch.service.js';

declare module '../../kernel/module.js' {
  interface Services {
    batches: BatchService;
  }
  interface ModuleOptions {
    /** The COA lookup's limits; the defaults unless a test changes them. */
    coaLookup?: { limits?: Partial<CoaLimits> };
  }
}

/** 批次与检验报告: batches of a product grade, their results and COAs, and the COA lookup by check code. */
export const batchModule = defineModule({
  name: 'batch',
  tables: [tables],
  repositories: (db): BatchRepositories => ({ batches: new BatchRepository(db) }),
  provide: ({ transactor, services, config, options, now }) => {
    const own: Transactor<BatchRepositories> = transactor;
    return {
      batches: new BatchService({
        batches: own.on().batches,
        transactor: own,
        files: services.files,
        site: services.site,
        throttle: services.throttle,
        limits: { ...defaultCoaLimits, ...options.coaLookup?.limits },
        siteUrl: config.SITE_URL,
        now,
      }),
    };
  },
  routes: async (app, { services }) => app.register(batchRoutes, { batches: services.batches, guard: services.guard }),
});
